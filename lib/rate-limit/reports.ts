// Reports are free and anonymous, so each network address may send a few an hour: enough for anyone
// who found something wrong, too few to flood the console's queue. Appeals have an allowance of their
// own: an owner who reported something earlier still gets to appeal a removal, and a guesser of appeal
// links gets a few tries an hour. Counted in PostgreSQL (./counters.ts).
import "server-only";
import { RateLimitedError } from "@/lib/errors";
import { takeHit } from "./counters";

export const REPORTS_PER_HOUR = 5;

export async function limitReports(ip: string): Promise<void> {
  const wait = await takeHit([{ key: `report:ip:${ip}`, max: REPORTS_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (wait !== null) throw new RateLimitedError(`Too many reports from your network. Please wait ${Math.ceil(wait / 60)} minutes and try again.`, wait);
}

export const APPEALS_PER_HOUR = 5;

export async function limitAppeals(ip: string): Promise<void> {
  const wait = await takeHit([{ key: `appeal:ip:${ip}`, max: APPEALS_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (wait !== null) throw new RateLimitedError(`Too many appeals from your network. Please wait ${Math.ceil(wait / 60)} minutes and try again.`, wait);
}

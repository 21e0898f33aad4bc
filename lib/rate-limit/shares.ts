// Making a share link re-encodes and signs a picture, and each link publishes one: an account may
// make a bounded number an hour, plenty for anyone sharing their own work. Counted in PostgreSQL
// (./counters.ts), so every app server sees the same count.
import "server-only";
import { RateLimitedError } from "@/lib/errors";
import { takeHit } from "./counters";

export const SHARES_PER_HOUR = 30;

export async function limitShareCreation(userId: string): Promise<void> {
  const wait = await takeHit([{ key: `share:user:${userId}`, max: SHARES_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (wait !== null) throw new RateLimitedError(`You made many share links in the last hour. Please wait ${Math.ceil(wait / 60)} minutes and try again.`, wait);
}

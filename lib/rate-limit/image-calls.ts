// Image work is the expensive part of Pictura: each account and each network address may start a
// bounded number of image operations per window (conversion is free, so guests are limited by
// address). Counts live in PostgreSQL, shared by every app server.
import "server-only";
import { takeHit, type Limit } from "./counters";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { limitAppeals, limitReports } from "./reports";

const WINDOW_SECONDS = 10 * 60;

/** Counts one image call from the client at `ip` (and the user, when signed in); throws once either is over. */
export async function limitImageRequests(ip: string, user: User | null): Promise<void> {
  const max = env().IMAGE_RATE_LIMIT;
  const limits: Limit[] = [{ key: `image:ip:${ip}`, max, windowSeconds: WINDOW_SECONDS }];
  if (user) limits.push({ key: `image:user:${user.id}`, max, windowSeconds: WINDOW_SECONDS });
  const wait = await takeHit(limits);
  if (wait !== null) throw new RateLimitedError(`Too many image requests. Please wait ${wait} seconds and try again.`, wait);
}

/** Tap-to-select is free and tapped often, so it has its own, larger allowance. */
export async function limitSegmentRequests(ip: string, user: User | null): Promise<void> {
  const max = env().SEGMENT_RATE_LIMIT;
  const limits: Limit[] = [{ key: `segment:ip:${ip}`, max, windowSeconds: WINDOW_SECONDS }];
  if (user) limits.push({ key: `segment:user:${user.id}`, max, windowSeconds: WINDOW_SECONDS });
  const wait = await takeHit(limits);
  if (wait !== null) throw new RateLimitedError(`Too many selections. Please wait ${wait} seconds and try again.`, wait);
}

/** The allowances a route may declare (`rateLimit` in lib/http/route.ts): one hit per call, taken before its handler runs. */
export const RATE_RULES = {
  image: limitImageRequests,
  selection: limitSegmentRequests,
  report: (ip: string) => limitReports(ip),
  appeal: (ip: string) => limitAppeals(ip),
} as const satisfies Record<string, (ip: string, user: User | null) => Promise<void>>;

export type RateRule = keyof typeof RATE_RULES;

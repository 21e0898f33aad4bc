// Image work is the expensive part of Pictura: each account and each network address may start a
// bounded number of image operations per window (conversion is free, so guests are limited by
// address). Counts live in PostgreSQL, shared by every app server.
import "server-only";
import { clientIp } from "@/lib/auth/client-ip";
import { takeHit, type Limit } from "@/lib/auth/rate-limit";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";

const WINDOW_SECONDS = 10 * 60;

export async function limitImageRequests(request: Request, user: User | null): Promise<void> {
  const max = env().IMAGE_RATE_LIMIT;
  const limits: Limit[] = [{ key: `image:ip:${clientIp(request)}`, max, windowSeconds: WINDOW_SECONDS }];
  if (user) limits.push({ key: `image:user:${user.id}`, max, windowSeconds: WINDOW_SECONDS });
  const wait = await takeHit(limits);
  if (wait !== null) throw new RateLimitedError(`Too many image requests. Please wait ${wait} seconds and try again.`, wait);
}

/** Tap-to-select is free and tapped often, so it has its own, larger allowance. */
export async function limitSegmentRequests(request: Request, user: User): Promise<void> {
  const max = env().SEGMENT_RATE_LIMIT;
  const wait = await takeHit([
    { key: `segment:ip:${clientIp(request)}`, max, windowSeconds: WINDOW_SECONDS },
    { key: `segment:user:${user.id}`, max, windowSeconds: WINDOW_SECONDS },
  ]);
  if (wait !== null) throw new RateLimitedError(`Too many selections. Please wait ${wait} seconds and try again.`, wait);
}

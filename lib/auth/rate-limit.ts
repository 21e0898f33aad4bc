// Fixed-window failure counters kept in PostgreSQL, so every app server sees the same counts.
import "server-only";
import { db } from "@/lib/db";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the first exhausted limit resets, or null when none is exhausted. */
export async function retryAfterSeconds(limits: Limit[]): Promise<number | null> {
  const rows = await db.rateLimitBucket.findMany({
    where: { key: { in: limits.map((limit) => limit.key) }, resetAt: { gt: new Date() } },
  });
  let wait: number | null = null;
  for (const row of rows) {
    const limit = limits.find((candidate) => candidate.key === row.key);
    if (limit && row.hits >= limit.max) {
      const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

/** Counts one hit against each limit, starting a new window where the old one has ended. */
export async function recordHit(limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    await db.$executeRaw`
      INSERT INTO "rate_limit_buckets" ("key", "hits", "resetAt")
      VALUES (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
      ON CONFLICT ("key") DO UPDATE SET
        "hits" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN 1 ELSE "rate_limit_buckets"."hits" + 1 END,
        "resetAt" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "rate_limit_buckets"."resetAt" END`;
  }
}

export async function clearHits(keys: string[]): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: { in: keys } } });
}

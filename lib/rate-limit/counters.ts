// Fixed-window counters kept in PostgreSQL, so every app server sees the same counts. Counting and
// checking are one statement (an upsert that returns the new count), so a parallel burst cannot
// pass the check together: each request gets its own number, and only the first `max` get through.
// A request checked against several limits (an address and an account) counts them all in that one
// statement: one round trip and one commit, not one of each per limit.
import "server-only";
import { db } from "@/lib/db";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface Counted {
  hits: number;
  resetAt: Date;
}

/**
 * Whole seconds until a window resets, 1 to its length. PostgreSQL rounds the window's end to the
 * millisecond and Date.now() truncates, so a hit answered within a millisecond of its window opening
 * would otherwise be told one second more than the window lasts.
 */
export function secondsUntilReset(counted: Counted, windowSeconds: number): number {
  return Math.min(windowSeconds, Math.max(1, Math.ceil((counted.resetAt.getTime() - Date.now()) / 1000)));
}

/** Counts one hit against the limit and returns the window's count so far and when it resets. */
export async function countHit(limit: Limit): Promise<Counted> {
  const rows = await db.$queryRaw<Counted[]>`
    INSERT INTO "rate_limit_buckets" ("key", "hits", "resetAt")
    VALUES (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN 1 ELSE "rate_limit_buckets"."hits" + 1 END,
      "resetAt" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "rate_limit_buckets"."resetAt" END
    RETURNING "hits", "resetAt"`;
  return rows[0]!;
}

/** Counts one hit against each limit, in one statement; the counts come back in the limits' order. */
export async function countHits(limits: Limit[]): Promise<Counted[]> {
  const keys = limits.map((limit) => limit.key);
  // One row cannot be upserted twice in a statement: a key named twice is counted twice, one by one.
  if (limits.length < 2 || new Set(keys).size !== keys.length) {
    const counts: Counted[] = [];
    for (const limit of limits) counts.push(await countHit(limit));
    return counts;
  }
  // Rows are taken in key order, so two requests sharing several counters cannot deadlock.
  const rows = await db.$queryRaw<(Counted & { key: string })[]>`
    INSERT INTO "rate_limit_buckets" ("key", "hits", "resetAt")
    SELECT "key", 1, now() + make_interval(secs => "windowSeconds")
    FROM unnest(${keys}::text[], ${limits.map((limit) => limit.windowSeconds)}::float8[]) AS "hit" ("key", "windowSeconds")
    ORDER BY "key"
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN 1 ELSE "rate_limit_buckets"."hits" + 1 END,
      "resetAt" = CASE WHEN "rate_limit_buckets"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "rate_limit_buckets"."resetAt" END
    RETURNING "key", "hits", "resetAt"`;
  const byKey = new Map(rows.map(({ key, hits, resetAt }) => [key, { hits, resetAt }]));
  return keys.map((key) => byKey.get(key)!);
}

/**
 * Counts this request against every limit and returns the seconds until the longest exhausted
 * window resets, or null when the request is within all of them.
 */
export async function takeHit(limits: Limit[]): Promise<number | null> {
  let wait: number | null = null;
  const counts = await countHits(limits);
  for (const [index, limit] of limits.entries()) {
    const counted = counts[index]!;
    if (counted.hits > limit.max) {
      wait = Math.max(wait ?? 0, secondsUntilReset(counted, limit.windowSeconds));
    }
  }
  return wait;
}

/** Takes back one counted hit (a sign-in that turned out to be right is not a failure). */
export async function returnHit(keys: string[]): Promise<void> {
  await db.$executeRaw`UPDATE "rate_limit_buckets" SET "hits" = GREATEST("hits" - 1, 0) WHERE "key" = ANY(${keys})`;
}

export async function clearHits(keys: string[]): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: { in: keys } } });
}

// What the benchmarks share: a database of their own, made anew each run, and the median of a sample.
import { Client } from "pg";
import { prepareDatabase } from "../../lib/db/prepare";

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Drops the database at `url` and makes it again with the app's migrations and plans: no rows left by
 * an earlier run. Only a database with "bench" in its name, so a wrong setting never drops real data.
 */
export async function recreateBenchDatabase(url: string, setting: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`${setting} must name a database for benchmarks (with "bench" in its name): it is dropped first`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  await prepareDatabase(url);
}

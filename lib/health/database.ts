// The readiness check's own small connection pool: separate from the app's, with short connect and
// statement timeouts, so a hanging database makes the check answer "not ready" in time instead of
// holding one of the app's connections. Keyed by DATABASE_URL, so it follows the configuration.
import "server-only";
import { Pool } from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";

const log = logger("health");

/** Every database call of a check ends by this, one way or another. */
export const DATABASE_TIMEOUT_MS = 2_000;

const pools = new Map<string, Pool>();

export function healthPool(): Pool {
  const url = env().DATABASE_URL;
  let pool = pools.get(url);
  if (!pool) {
    pool = new Pool({
      connectionString: url,
      max: 2,
      connectionTimeoutMillis: DATABASE_TIMEOUT_MS,
      statement_timeout: DATABASE_TIMEOUT_MS,
      query_timeout: DATABASE_TIMEOUT_MS,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      application_name: "pictura-health",
    });
    // An idle connection the server dropped must not take the process down; the next check reconnects.
    pool.on("error", (error) => log.error({ reason: error.message }, "idle connection failed"));
    pools.set(url, pool);
  }
  return pool;
}

/** Ends every pool (tests, and a graceful shutdown). */
export async function closeHealthPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.end().catch(() => undefined)));
}

// Reads the queues' state for the metrics (metrics-registry.ts's gauges): jobs ready and active per
// pg-boss queue, how long the oldest ready job has waited, and how many workers heartbeat. One small
// pool of its own (one connection, short timeouts), opened on the first scrape: the web server runs it
// outside Next, where the app's Prisma client is not loaded, and a slow database must never hold a
// scrape or one of the app's connections for long.
import { Pool } from "pg";
import { boundedLabel } from "./metrics";
import type { QueueSample, QueueSampler } from "./metrics-registry";
import { QUEUE_SCHEMA } from "../jobs/queue-config";
import { logger } from "./log";

const log = logger("metrics");

const TIMEOUT_MS = 2_000;

/** Waiting means ready: created or retried, not deferred (an inline job waits for its deadline) and not blocked. */
const QUEUES_SQL = `
  SELECT q.name AS queue,
    count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now() AND NOT j.blocked)::int AS ready,
    count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
    COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.state < 'active' AND j.start_after <= now() AND NOT j.blocked)), 0)::float8 AS oldest
  FROM ${QUEUE_SCHEMA}.queue q
  LEFT JOIN ${QUEUE_SCHEMA}.job j ON j.name = q.name AND j.state < 'completed'
  GROUP BY q.name`;

const WORKERS_SQL = `SELECT count(*)::int AS workers FROM "worker_heartbeats" WHERE "lastSeenAt" > now() - interval '1 minute'`;

/** A sampler on `databaseUrl`, and how to close its pool. */
export function queueSampler(databaseUrl: string): { sample: QueueSampler; close: () => Promise<void> } {
  let pool: Pool | undefined;
  const open = () => {
    if (pool) return pool;
    pool = new Pool({
      connectionString: databaseUrl,
      max: 1,
      connectionTimeoutMillis: TIMEOUT_MS,
      statement_timeout: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
      application_name: "pictura-metrics",
    });
    pool.on("error", (error) => log.warn({ reason: error.message }, "idle metrics connection failed"));
    return pool;
  };
  const sample: QueueSampler = async () => {
    try {
      const client = open();
      const queues = await client.query<{ queue: string; ready: number; active: number; oldest: number }>(QUEUES_SQL);
      const workers = await client.query<{ workers: number }>(WORKERS_SQL);
      return {
        queues: queues.rows.map((row) => ({ queue: boundedLabel(row.queue), ready: row.ready, active: row.active, oldestWaitingSeconds: row.oldest })),
        workersHeartbeating: workers.rows[0]?.workers ?? 0,
      } satisfies QueueSample;
    } catch (error) {
      // The scrape still answers with everything else; the queue figures are missing until it works.
      log.warn({ reason: (error as Error).message }, "queue figures not read");
      return null;
    }
  };
  return { sample, close: async () => void (await pool?.end().catch(() => undefined)) };
}

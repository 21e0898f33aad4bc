// A worker process's sign of life for the readiness check (lib/health/readiness.ts): a row in
// worker_heartbeats, upserted every HEARTBEAT_INTERVAL_MS with the database's clock and deleted on a
// graceful stop. Rows of workers that died without stopping are pruned once they are old.
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/db";
import { logger } from "@/lib/observability/log";

const log = logger("worker");

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A crashed worker's row is kept this long, for whoever looks at what ran, then pruned. */
const PRUNE_AFTER = "1 hour";

export interface Heartbeat {
  workerId: string;
  stop(): Promise<void>;
}

async function beat(workerId: string, host: string): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "worker_heartbeats" ("id", "host", "pid", "startedAt", "lastSeenAt")
    VALUES (${workerId}, ${host}, ${process.pid}, now(), now())
    ON CONFLICT ("id") DO UPDATE SET "lastSeenAt" = now()`;
  await db.$executeRaw`DELETE FROM "worker_heartbeats" WHERE "lastSeenAt" < now() - ${PRUNE_AFTER}::interval`;
}

/** Writes the first heartbeat before it returns, then keeps it fresh until stop(). */
export async function startHeartbeat(intervalMs = HEARTBEAT_INTERVAL_MS): Promise<Heartbeat> {
  const host = hostname();
  const workerId = `${host}:${process.pid}:${randomBytes(4).toString("hex")}`;
  await beat(workerId, host);
  let pending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    // A missed beat is retried at the next tick; one minute of misses makes the worker look gone.
    pending = beat(workerId, host).catch((error: unknown) => log.error({ err: error }, "heartbeat failed"));
  }, intervalMs);
  timer.unref();
  return {
    workerId,
    stop: async () => {
      clearInterval(timer);
      await pending;
      await db.workerHeartbeat.deleteMany({ where: { id: workerId } }).catch((error: unknown) => log.error({ err: error }, "heartbeat removal failed"));
    },
  };
}

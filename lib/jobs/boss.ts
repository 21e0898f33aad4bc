// The pg-boss clients: the web tier's, which only sends and cancels jobs, and a worker's, which also
// supervises (fails jobs whose worker stopped heartbeating). Both live on the app's own PostgreSQL;
// pg-boss keeps its tables in the `pgboss` schema.
import "server-only";
import { PgBoss, type ConstructorOptions } from "pg-boss";
import { env } from "@/lib/env";
import { QUEUE_SCHEMA } from "./queue-config";
import { logger } from "@/lib/observability/log";

const log = logger("queue");

const globalForBoss = globalThis as unknown as { pictura_boss?: Promise<PgBoss> };

function baseOptions(databaseUrl: string): ConstructorOptions {
  return {
    connectionString: databaseUrl,
    schema: QUEUE_SCHEMA,
    application_name: "pictura",
    // A job carries the trace context it was sent in, so the worker's span continues the request's
    // trace. With no tracing SDK loaded the propagator writes nothing and the job carries nothing.
    openTelemetry: { propagateContext: true },
  };
}

/** The web tier's client: started once per process, no supervision or schedules. */
export function queueClient(): Promise<PgBoss> {
  globalForBoss.pictura_boss ??= (async () => {
    const boss = new PgBoss({ ...baseOptions(env().DATABASE_URL), supervise: false, schedule: false, migrate: false, max: 2 });
    boss.on("error", (error) => log.error({ err: error }, "queue error"));
    return boss.start();
  })().catch((error: unknown) => {
    globalForBoss.pictura_boss = undefined;
    throw error;
  });
  return globalForBoss.pictura_boss;
}

/** A worker's client: it supervises, so a dead worker's job is failed over even with no web tier up. */
export async function startWorkerBoss(databaseUrl: string, connections: number): Promise<PgBoss> {
  const boss = new PgBoss({
    ...baseOptions(databaseUrl),
    supervise: true,
    // Supervision and the monitor pass that fails silent jobs run every few seconds, so a killed
    // worker's job is retried about one heartbeat after it went quiet.
    superviseIntervalSeconds: env().WORKER_SUPERVISE_SECONDS,
    monitorIntervalSeconds: env().WORKER_SUPERVISE_SECONDS,
    schedule: false,
    migrate: false,
    useListenNotify: true,
    max: connections,
  });
  boss.on("error", (error) => log.error({ err: error }, "queue error"));
  return boss.start();
}

/** Stops this process's web-tier client (tests, and a graceful shutdown). */
export async function stopQueueClient(): Promise<void> {
  const pending = globalForBoss.pictura_boss;
  globalForBoss.pictura_boss = undefined;
  if (pending) await (await pending.catch(() => null))?.stop({ graceful: false });
}

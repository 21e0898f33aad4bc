// The image queues' names and job behaviour, with no server-only imports, so database preparation
// scripts can create the queues too. Local-engine work is CPU-bound, so each worker process takes one
// such job at a time; provider calls (Flux, OpenAI) mostly wait on the network, so a worker runs
// several at once. A job whose worker dies stops heartbeating and is retried once; a job that still
// cannot finish lands in the dead-letter queue, whose handler refunds it.
import { PgBoss, type Queue } from "pg-boss";
import { moveLegacyDeliveries } from "../webhooks/legacy-queue";
import { DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS, LEGACY_WEBHOOK_QUEUE, WEBHOOK_QUEUE, webhookQueueOptions, webhookRetryOptions } from "../webhooks/queue";
import { logger } from "../observability/log";

const log = logger("queue");

export const LOCAL_QUEUE = "image-local";
export const REMOTE_QUEUE = "image-remote";
export const DEAD_LETTER_QUEUE = "image-dead";
export type ImageQueue = typeof LOCAL_QUEUE | typeof REMOTE_QUEUE;
export const QUEUE_SCHEMA = "pgboss";

export interface QueueSettings {
  /** From charge to result, queue wait included. */
  operationTimeoutMs: number;
  /** How long a job's worker may go silent before the job goes to another worker (≥ 10). */
  heartbeatSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { operationTimeoutMs: 180_000, heartbeatSeconds: 30 };

export function imageQueueOptions(settings: QueueSettings): Omit<Queue, "name"> {
  return {
    // Synchronous image code holds a worker's event loop (and so its heartbeat) for seconds at a time.
    heartbeatSeconds: settings.heartbeatSeconds,
    retryLimit: 1,
    retryDelay: 0,
    expireInSeconds: Math.ceil(settings.operationTimeoutMs / 1000) + 30,
    deadLetter: DEAD_LETTER_QUEUE,
    notify: true,
  };
}

/** Installs or upgrades pg-boss's schema and creates or updates the image queues; safe to repeat. */
export async function installQueues(databaseUrl: string, settings: QueueSettings = DEFAULT_QUEUE_SETTINGS): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: QUEUE_SCHEMA, supervise: false, schedule: false, max: 2 });
  boss.on("error", (error) => log.error({ err: error }, "queue install failed"));
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    const ensure = async (name: string, options: Omit<Queue, "name">) => {
      if (!existing.has(name)) await boss.createQueue(name, options);
      else if (Object.keys(options).length > 0) await boss.updateQueue(name, options);
    };
    await ensure(DEAD_LETTER_QUEUE, {});
    await ensure(LOCAL_QUEUE, imageQueueOptions(settings));
    await ensure(REMOTE_QUEUE, imageQueueOptions(settings));
    // Each delivery job also carries its own retry delay (WEBHOOK_RETRY_DELAY_SECONDS); these are the defaults.
    if (!existing.has(WEBHOOK_QUEUE)) await boss.createQueue(WEBHOOK_QUEUE, webhookQueueOptions(DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS));
    else await boss.updateQueue(WEBHOOK_QUEUE, webhookRetryOptions(DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS));
    if (existing.has(LEGACY_WEBHOOK_QUEUE)) await moveLegacyDeliveries(boss);
  } finally {
    await boss.stop({ graceful: false });
  }
}

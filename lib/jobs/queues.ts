// The image queues as this process's configuration sets them up (see queue-config.ts for the why).
import "server-only";
import { env } from "@/lib/env";
import { LOCAL_QUEUE, REMOTE_QUEUE, type ImageQueue, type QueueSettings } from "./queue-config";

export { DEAD_LETTER_QUEUE, LOCAL_QUEUE, REMOTE_QUEUE, type ImageQueue } from "./queue-config";

export interface ImageJobData {
  operationId: string;
}

/** How long an operation may take from its charge to its result, queue wait included. */
export function operationTimeoutMs(): number {
  return env().IMAGE_OPERATION_TIMEOUT_MS;
}

export function queueSettings(): QueueSettings {
  return { operationTimeoutMs: operationTimeoutMs(), heartbeatSeconds: env().WORKER_HEARTBEAT_SECONDS };
}

export function queueFor(providerId: string): ImageQueue {
  return providerId === "local" ? LOCAL_QUEUE : REMOTE_QUEUE;
}

// The webhook delivery queue's name and retry policy, with no server-only imports, so database
// preparation can create the queue with the image queues. A failed attempt is retried 6 times with
// exponential backoff: from a first delay of 40 s, the retries span about an hour (pg-boss doubles the
// delay each time, with jitter), so a receiver that is down for less than that loses nothing.
import type { QueueOptions } from "pg-boss";

export const WEBHOOK_QUEUE = "webhook-delivery";
export const WEBHOOK_RETRY_LIMIT = 6;
/** The first retry's delay unless WEBHOOK_RETRY_DELAY_SECONDS sets another. */
export const DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS = 40;

export interface WebhookJobData {
  deliveryId: string;
}

export function webhookJobOptions(retryDelaySeconds: number): QueueOptions {
  return { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: 60 };
}

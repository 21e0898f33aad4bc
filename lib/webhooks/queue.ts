// The webhook delivery queue's name and retry policy, with no server-only imports, so database
// preparation can create the queue with the image queues. A failed attempt is retried 6 times with
// exponential backoff: from a first delay of 40 s, the retries span about an hour (pg-boss doubles the
// delay each time, with jitter), so a receiver that is down for less than that loses nothing.
//
// Fairness: the queue's policy is pg-boss's "singleton" with the endpoint as the job's key, so the
// database lets an endpoint have one attempt in flight at most, across every worker; each job's group
// is its account, and a worker gives one account only some of its delivery slots (lib/jobs/worker.ts),
// so a receiver that holds its connections delays its own account alone.
import type { Queue, SendOptions } from "pg-boss";

export const WEBHOOK_QUEUE = "webhook-deliveries";
/** The queue of releases before per-endpoint fairness (policy "standard"); its jobs are moved over. */
export const LEGACY_WEBHOOK_QUEUE = "webhook-delivery";
export const WEBHOOK_RETRY_LIMIT = 6;
/** The first retry's delay unless WEBHOOK_RETRY_DELAY_SECONDS sets another. */
export const DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS = 40;

export interface WebhookJobData {
  deliveryId: string;
}

/** Who a delivery is for: its endpoint (one attempt at a time) and the endpoint's account (a share of the slots). */
export interface DeliveryTarget {
  deliveryId: string;
  endpointId: string;
  userId: string;
}

export function webhookRetryOptions(retryDelaySeconds: number) {
  return { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: 60 };
}

/** The queue as created (its policy cannot change later). */
export function webhookQueueOptions(retryDelaySeconds: number): Omit<Queue, "name"> {
  return { ...webhookRetryOptions(retryDelaySeconds), policy: "singleton" };
}

export function webhookJobOptions(target: DeliveryTarget, retryDelaySeconds: number): SendOptions {
  return { ...webhookRetryOptions(retryDelaySeconds), singletonKey: target.endpointId, group: { id: target.userId } };
}

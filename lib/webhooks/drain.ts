// Deliveries where no worker runs (JOBS_INLINE=true): the web process takes due webhook jobs off the
// queue itself, with the same attempt code and the same retries as a worker, right after an inline
// job settles, on the long-running server's sweep, and from the cleanup cron. The attempts of one
// drain run side by side: one per endpoint (the queue's policy), and a few per account, so one
// account's hanging receivers do not hold up the others'.
import "server-only";
import { queueClient } from "@/lib/jobs/boss";
import { attemptDelivery } from "./deliver";
import { deliverySlots } from "./delivery-slots";
import { WEBHOOK_QUEUE, type WebhookJobData } from "./queue";

/** Attempts up to `max` due deliveries; returns how many it took. */
export async function drainWebhookDeliveries(max = 25): Promise<number> {
  const boss = await queueClient();
  const jobs = await boss.fetch<WebhookJobData>(WEBHOOK_QUEUE, { batchSize: max, groupConcurrency: deliverySlots().perAccount });
  await Promise.all(
    jobs.map(async (job) => {
      try {
        await attemptDelivery(job.data.deliveryId, job.retryCount);
        await boss.complete(WEBHOOK_QUEUE, job);
      } catch (error) {
        // A failed attempt goes back to the queue with its backoff, as a worker's would.
        await boss.fail(WEBHOOK_QUEUE, job, { message: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  return jobs.length;
}

// Moving deliveries queued by a release before per-endpoint fairness: their jobs sit in the old
// "webhook-delivery" queue, whose policy cannot change, so each is sent again to the current queue
// with its endpoint as key and its account as group, then completed in the old one. Run where the
// queues are installed (npm run db:migrate, each worker's start); safe to repeat and to run twice at
// once (a fetch claims each job for one caller). No server-only imports: scripts run it.
import type { PgBoss } from "pg-boss";
import { DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS, LEGACY_WEBHOOK_QUEUE, WEBHOOK_QUEUE, webhookJobOptions, type WebhookJobData } from "./queue";

const BATCH = 200;

/** Moves every waiting job of the old queue; returns how many were moved. */
export async function moveLegacyDeliveries(boss: PgBoss): Promise<number> {
  let moved = 0;
  for (;;) {
    const jobs = await boss.fetch<WebhookJobData>(LEGACY_WEBHOOK_QUEUE, { batchSize: BATCH, ignoreStartAfter: true });
    if (jobs.length === 0) return moved;
    const { rows } = await boss.getDb().executeSql(
      `SELECT d."id" AS "deliveryId", d."endpointId", e."userId"
         FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpointId"
        WHERE d."id" = ANY($1::text[])`,
      [jobs.map((job) => job.data.deliveryId)],
    );
    for (const target of rows as { deliveryId: string; endpointId: string; userId: string }[]) {
      await boss.send(WEBHOOK_QUEUE, { deliveryId: target.deliveryId }, webhookJobOptions(target, DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS));
    }
    // A delivery whose endpoint is gone has nothing left to send.
    await boss.complete(
      LEGACY_WEBHOOK_QUEUE,
      jobs.map((job) => job.id),
    );
    moved += rows.length;
  }
}

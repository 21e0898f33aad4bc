// Announcing an operation's end to its owner's webhook endpoints. Called inside the transaction that
// ends the operation: each delivery row and its queue job are written with the new status, so an
// ended operation's event exists exactly when the end does, and a crash between the two loses nothing.
import "server-only";
import { randomBytes } from "node:crypto";
import { fromPrisma } from "pg-boss";
import type { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { queueClient } from "@/lib/jobs/boss";
import { eventForStatus } from "./events";
import { WEBHOOK_QUEUE, webhookJobOptions, type DeliveryTarget, type WebhookJobData } from "./queue";

export function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

/** Queues one delivery attempt series for a delivery row, inside the caller's transaction (or none). */
export async function queueDelivery(target: DeliveryTarget, tx?: Prisma.TransactionClient): Promise<void> {
  const boss = await queueClient();
  const data: WebhookJobData = { deliveryId: target.deliveryId };
  const options = webhookJobOptions(target, env().WEBHOOK_RETRY_DELAY_SECONDS);
  const jobId = await boss.send(WEBHOOK_QUEUE, data, { ...options, ...(tx ? { db: fromPrisma(tx) } : {}) });
  if (!jobId) throw new Error(`The ${WEBHOOK_QUEUE} queue did not accept the job`);
}

export async function queueOperationEvent(
  tx: Prisma.TransactionClient,
  operation: { id: string; userId: string | null },
  status: "succeeded" | "failed" | "canceled",
): Promise<void> {
  const type = eventForStatus(status);
  const userId = operation.userId;
  if (!userId || !type) return;
  // A switched-off endpoint gets nothing until its owner switches it on.
  const endpoints = await tx.webhookEndpoint.findMany({ where: { userId, events: { has: type }, disabledAt: null }, select: { id: true } });
  if (endpoints.length === 0) return;
  const eventId = newEventId();
  for (const endpoint of endpoints) {
    const delivery = await tx.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId, type, operationId: operation.id } });
    await queueDelivery({ deliveryId: delivery.id, endpointId: endpoint.id, userId }, tx);
  }
}

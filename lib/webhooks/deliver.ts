// One attempt at a webhook delivery, as the queue runs it. The body is built from the operation once,
// at the first attempt, and kept, so every retry and resend carries the same event; each attempt is
// signed afresh. A failed attempt throws, so the queue retries it with backoff; the last one marks
// the delivery failed instead.
import "server-only";
import { db } from "@/lib/db";
import { operationResource } from "@/lib/jobs/resource";
import { readOperation } from "@/lib/jobs/wait";
import { addressPolicy } from "./policy";
import { WEBHOOK_RETRY_LIMIT } from "./queue";
import { sendSigned } from "./send";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

export class DeliveryAttemptFailed extends Error {}

async function frozenBody(delivery: {
  id: string;
  eventId: string;
  type: string;
  operationId: string;
  createdAt: Date;
  body: string | null;
}): Promise<string | null> {
  if (delivery.body) return delivery.body;
  const operation = await readOperation(delivery.operationId);
  if (!operation) return null;
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    created: Math.floor(delivery.createdAt.getTime() / 1000),
    data: { operation: await operationResource(operation) },
  });
  await db.webhookDelivery.update({ where: { id: delivery.id }, data: { body } });
  return body;
}

/**
 * Makes one attempt. `retryCount` is the queue's count of earlier attempts of this job: when it has
 * reached the limit, a failure is final.
 */
export async function attemptDelivery(deliveryId: string, retryCount: number): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  // Gone with its endpoint, or already through (a resend raced a retry).
  if (!delivery || delivery.status === "succeeded") return;
  const body = await frozenBody(delivery);
  if (!body) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "failed", lastError: "The operation no longer exists." } });
    return;
  }
  const result = await sendSigned(
    delivery.endpoint.url,
    body,
    { [SIGNATURE_HEADER]: signatureHeader(delivery.endpoint.secret, body), "Pictura-Event-Id": delivery.eventId },
    addressPolicy(),
  );
  const final = retryCount >= WEBHOOK_RETRY_LIMIT;
  await db.webhookDelivery.update({
    where: { id: deliveryId },
    data: {
      attempts: { increment: 1 },
      lastAttemptAt: new Date(),
      lastStatusCode: result.statusCode,
      lastError: result.error?.slice(0, 500) ?? null,
      status: result.ok ? "succeeded" : final ? "failed" : "retrying",
      ...(result.ok ? { deliveredAt: new Date() } : {}),
    },
  });
  if (!result.ok && !final) throw new DeliveryAttemptFailed(result.error ?? "The delivery failed.");
}

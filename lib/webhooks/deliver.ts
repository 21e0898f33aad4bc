// One attempt at a webhook delivery, as the queue runs it. The body is built from the operation once,
// at the first attempt, and kept, so every retry and resend carries the same event under the same
// `webhook-id` (its event id); each attempt is signed afresh with its own timestamp. A failed attempt
// throws, so the queue retries it with backoff; the last one marks the delivery failed instead, and
// counts against the endpoint (lib/webhooks/endpoint-health.ts).
import "server-only";
import { SpanStatusCode, trace } from "@opentelemetry/api";
import { db } from "@/lib/db";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { operationResource } from "@/lib/jobs/resource";
import { recordWebhookDelivery } from "@/lib/observability/metrics";
import { inSpan, SpanKind } from "@/lib/observability/tracing";
import { readOperation } from "@/lib/jobs/wait";
import { recordDeliveryFailure, recordDeliverySuccess } from "./endpoint-health";
import { addressPolicy } from "./policy";
import { WEBHOOK_RETRY_LIMIT } from "./queue";
import { needsResealing, openSecret, sealSecret, SecretKeyMissingError } from "@/lib/crypto/secret-box";
import { sendSigned, type AttemptResult } from "./send";
import { signedHeaders } from "./signature";

export class DeliveryAttemptFailed extends Error {}

export const ENDPOINT_SWITCHED_OFF = "Not sent: the endpoint is switched off. Switch it on, then resend.";

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
 * The endpoint's signing secret. One stored in plain text (an older release) or under a retired key is
 * sealed under the current key now, unless another attempt changed it meanwhile.
 */
async function signingSecret(endpoint: WebhookEndpoint): Promise<string> {
  const secret = openSecret(endpoint.secret, endpoint.secretKeyId, "webhook-signing-secret");
  if (needsResealing(endpoint.secretKeyId)) {
    const sealed = sealSecret(secret, "webhook-signing-secret");
    await db.webhookEndpoint.updateMany({
      where: { id: endpoint.id, secret: endpoint.secret, secretKeyId: endpoint.secretKeyId },
      data: { secret: sealed.ciphertext, secretKeyId: sealed.keyId },
    });
  }
  return secret;
}

/** Ends the delivery without an attempt, e.g. its endpoint is switched off. */
async function closeUnsent(deliveryId: string, lastError: string): Promise<void> {
  await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "failed", lastError } });
  recordWebhookDelivery("not_sent");
}

/**
 * Makes one attempt. `retryCount` is the queue's count of earlier attempts of this job: when it has
 * reached the limit, a failure is final, and counts against the endpoint's health. Each attempt is a
 * client span of its own (under the queue job's on a worker), with the status the endpoint answered.
 */
export function attemptDelivery(deliveryId: string, retryCount: number): Promise<void> {
  return inSpan(
    "webhook delivery",
    { kind: SpanKind.CLIENT, attributes: { "pictura.webhook.delivery_id": deliveryId, "pictura.webhook.attempt": retryCount + 1 } },
    () => attemptOnce(deliveryId, retryCount),
  );
}

async function attemptOnce(deliveryId: string, retryCount: number): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  // Gone with its endpoint, or already through (a resend raced a retry).
  if (!delivery || delivery.status === "succeeded") return;
  if (delivery.endpoint.disabledAt) return closeUnsent(deliveryId, ENDPOINT_SWITCHED_OFF);
  const body = await frozenBody(delivery);
  if (!body) return closeUnsent(deliveryId, "The operation no longer exists.");
  const final = retryCount >= WEBHOOK_RETRY_LIMIT;
  let result: AttemptResult;
  try {
    const secret = await signingSecret(delivery.endpoint);
    result = await sendSigned(delivery.endpoint.url, body, signedHeaders(secret, delivery.eventId, body), addressPolicy());
  } catch (error) {
    // Nothing was sent: the operator can still add the missing key before the retries run out.
    if (!(error instanceof SecretKeyMissingError)) throw error;
    result = { ok: false, statusCode: null, error: error.message };
  }
  const span = trace.getActiveSpan();
  if (result.statusCode !== null) span?.setAttribute("http.response.status_code", result.statusCode);
  // A final failure throws nothing (the queue must not retry it), but the attempt still failed.
  if (!result.ok) span?.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? "refused" });
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
  recordWebhookDelivery(result.ok ? "delivered" : final ? "failed" : "retrying");
  if (result.ok) await recordDeliverySuccess(delivery.endpointId);
  else if (final) await recordDeliveryFailure(delivery.endpointId);
  else throw new DeliveryAttemptFailed(result.error ?? "The delivery failed.");
}

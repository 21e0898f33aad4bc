// A user's webhook endpoints and their recent deliveries: create (the secret is answered once and
// stored encrypted), list, switch on or off, delete, and resend a delivery within its limits.
import "server-only";
import { takeHit } from "@/lib/rate-limit/counters";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { BadRequestError, ConflictError, NotFoundError, RateLimitedError } from "@/lib/errors";
import type { User, WebhookDelivery, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { checkWebhookUrl, isLookupFailure, resolvePermittedAddresses, WebhookAddressError } from "./address-guard";
import { queueDelivery } from "./emit";
import {
  MAX_WEBHOOK_ENDPOINTS,
  RECENT_DELIVERIES,
  type CreateWebhookEndpointRequest,
  type CreatedWebhookEndpoint,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "./events";
import { addressPolicy } from "./policy";
import { sealSecret } from "@/lib/crypto/secret-box";
import { newWebhookSecret } from "./signature";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;
const RESEND_WINDOW_SECONDS = 60 * 60;

function toView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    enabled: endpoint.disabledAt === null,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function toDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type as WebhookEventType,
    operationId: delivery.operationId,
    status: delivery.status as WebhookDeliveryStatus,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/**
 * Refuses an address no delivery could be sent to, before it is saved: a forbidden literal, or a name
 * that resolves to a forbidden address. A name that does not resolve yet is accepted (its DNS may
 * come later); every delivery checks again, and its record shows why it failed.
 */
async function assertDeliverable(url: string): Promise<void> {
  const policy = addressPolicy();
  let host: string;
  try {
    host = checkWebhookUrl(url, policy).hostname.replace(/^\[|\]$/g, "");
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new BadRequestError(error.message, "webhook_url_refused");
    throw error;
  }
  const refusal = await resolvePermittedAddresses(host, policy).then(
    () => null,
    (error: unknown) => (error instanceof WebhookAddressError && !isLookupFailure(error) ? error : null),
  );
  if (refusal) throw new BadRequestError(refusal.message, "webhook_url_refused");
}

export async function createWebhookEndpoint(user: User, request: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
  await assertDeliverable(request.url);
  const secret = newWebhookSecret();
  const sealed = sealSecret(secret, "webhook-signing-secret");
  const endpoint = await db.$transaction(async (tx) => {
    // The account's row is locked, so parallel creations cannot all pass the count.
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${user.id} FOR UPDATE`;
    if ((await tx.webhookEndpoint.count({ where: { userId: user.id } })) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new ConflictError(`An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`, "webhook_endpoint_limit");
    }
    return tx.webhookEndpoint.create({
      data: { userId: user.id, url: request.url, events: request.events, secret: sealed.ciphertext, secretKeyId: sealed.keyId },
    });
  });
  return { ...toView(endpoint), secret };
}

export async function listWebhookEndpoints(user: User): Promise<{ endpoints: WebhookEndpointView[] }> {
  const endpoints = await db.webhookEndpoint.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  return { endpoints: endpoints.map(toView) };
}

async function ownEndpoint(user: User, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = ID_PATTERN.test(endpointId) ? await db.webhookEndpoint.findFirst({ where: { id: endpointId, userId: user.id } }) : null;
  if (!endpoint) throw new NotFoundError("This webhook endpoint was not found.", "webhook_endpoint_not_found");
  return endpoint;
}

/** Switches an endpoint on (with a fresh failure count) or off. */
export async function updateWebhookEndpoint(user: User, endpointId: string, request: UpdateWebhookEndpointRequest): Promise<WebhookEndpointView> {
  const endpoint = await ownEndpoint(user, endpointId);
  const data = request.enabled ? { disabledAt: null, consecutiveFailures: 0 } : { disabledAt: endpoint.disabledAt ?? new Date() };
  return toView(await db.webhookEndpoint.update({ where: { id: endpoint.id }, data }));
}

export async function deleteWebhookEndpoint(user: User, endpointId: string): Promise<{ deleted: true }> {
  const endpoint = await ownEndpoint(user, endpointId);
  await db.webhookEndpoint.deleteMany({ where: { id: endpoint.id, userId: user.id } });
  return { deleted: true };
}

export async function listDeliveries(user: User, endpointId: string): Promise<{ deliveries: WebhookDeliveryView[] }> {
  const endpoint = await ownEndpoint(user, endpointId);
  const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "desc" }, take: RECENT_DELIVERIES });
  return { deliveries: deliveries.map(toDeliveryView) };
}

async function assertResendAllowed(userId: string): Promise<void> {
  const max = env().WEBHOOK_RESEND_RATE_LIMIT;
  const wait = await takeHit([{ key: `webhooks:resend:${userId}`, max, windowSeconds: RESEND_WINDOW_SECONDS }]);
  if (wait === null) return;
  const minutes = Math.ceil(wait / 60);
  throw new RateLimitedError(
    `An account may resend ${max} deliveries an hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    wait,
    "webhook_resend_rate_limited",
  );
}

/**
 * Sends a delivery again, with its same event id and body and a fresh signature. One resend at a time
 * per delivery (a delivery still being sent is refused), and WEBHOOK_RESEND_RATE_LIMIT an hour per account.
 */
export async function resendDelivery(user: User, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(user, endpointId);
  const delivery = ID_PATTERN.test(deliveryId) ? await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } }) : null;
  if (!delivery) throw new NotFoundError("This delivery was not found.", "webhook_delivery_not_found");
  if (endpoint.disabledAt) {
    throw new ConflictError("This endpoint is switched off. Switch it on, then resend the delivery.", "webhook_endpoint_disabled");
  }
  const inFlight = () =>
    new ConflictError("This delivery is already being sent. Wait until it has succeeded or failed to resend it.", "webhook_delivery_in_flight");
  // Only a delivery that has ended can be sent again: of parallel resends one claims it, and only
  // that one counts against the hourly allowance (no transaction: the losers would hold connections).
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: delivery.id, status: { in: ["succeeded", "failed"] } },
    data: { status: "pending", deliveredAt: null },
  });
  if (count === 0) throw inFlight();
  try {
    await assertResendAllowed(user.id);
    await queueDelivery({ deliveryId: delivery.id, endpointId: endpoint.id, userId: user.id });
  } catch (error) {
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: delivery.status, deliveredAt: delivery.deliveredAt } });
    throw error;
  }
  const updated = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
  return toDeliveryView(updated);
}

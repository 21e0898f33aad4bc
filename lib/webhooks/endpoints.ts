// A user's webhook endpoints and their recent deliveries: create (the secret is answered once), list,
// delete, and resend a delivery.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError, NotFoundError } from "@/lib/errors";
import type { User, WebhookDelivery, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { checkWebhookUrl, isLookupFailure, resolvePermittedAddresses, WebhookAddressError } from "./address-guard";
import { queueDelivery } from "./emit";
import {
  MAX_WEBHOOK_ENDPOINTS,
  RECENT_DELIVERIES,
  type CreateWebhookEndpointRequest,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "./events";
import { addressPolicy } from "./policy";
import { newWebhookSecret } from "./signature";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

function toView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events as WebhookEventType[], createdAt: endpoint.createdAt.toISOString() };
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
  if ((await db.webhookEndpoint.count({ where: { userId: user.id } })) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new ConflictError(`An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`, "webhook_endpoint_limit");
  }
  const secret = newWebhookSecret();
  const endpoint = await db.webhookEndpoint.create({ data: { userId: user.id, url: request.url, events: request.events, secret } });
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

/** Sends a delivery again, with its same event id and body and a fresh signature. */
export async function resendDelivery(user: User, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(user, endpointId);
  const delivery = ID_PATTERN.test(deliveryId) ? await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } }) : null;
  if (!delivery) throw new NotFoundError("This delivery was not found.", "webhook_delivery_not_found");
  const updated = await db.$transaction(async (tx) => {
    const pending = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "pending", deliveredAt: null } });
    await queueDelivery(delivery.id, tx);
    return pending;
  });
  return toDeliveryView(updated);
}

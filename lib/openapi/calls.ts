// Every call the OpenAPI document describes, with the zod schemas its route validates with and the
// shapes it answers. Which calls take an API key, and which take an Idempotency-Key, come from the
// route wrapper's own table (lib/api/key-calls.ts), so they are written once. The tools' calls come
// from the tool registry: its entries' `api` and their server parts' request shapes (lib/tools).
import { z } from "zod";
import { toolCallsOf } from "@/lib/tools/derive";
import { TOOL_SERVER_PARTS, type ToolServerPart } from "@/lib/tools/server";
import type { ToolEntry } from "@/lib/tools/types";
import { createApiKeySchema, apiKeyListSchema, createdApiKeySchema } from "@/lib/validation/api-keys";
import { imageResultSchema } from "@/lib/validation/imaging";
import {
  createWebhookEndpointSchema,
  createdWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@/lib/webhooks/events";
import { acceptedSchema, balanceSchema, deletedSchema, operationResourceSchema, operationViewSchema, revokedSchema } from "./schemas";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface DocumentedAnswer {
  description: string;
  schema?: z.ZodType;
  /** Another type than application/json, e.g. an image or an event stream. */
  contentType?: string;
}

export interface DocumentedCall {
  method: HttpMethod;
  /** As in OpenAPI: /api/operations/{id}. */
  path: string;
  tag: "Images" | "Operations" | "Credits" | "Files" | "API keys" | "Webhooks" | "Reference";
  summary: string;
  description?: string;
  /** A JSON body, as the route parses it. */
  json?: z.ZodType;
  /** A multipart form: its text fields' schema and its image files, each with what it is. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  /** The call may answer 202 with the operation to follow when sent `Prefer: respond-async`. */
  async?: boolean;
  /** Who may call it without a key or a session: no one unless said. */
  open?: boolean;
  /** The successful answers, by status. */
  answers: Record<number, DocumentedAnswer>;
  /** The refusals it may give besides those every call may give, by status, with when. */
  errors?: Record<number, string>;
}

const IMAGE_ERRORS = {
  400: "The request is not valid (invalid_request), or an image is not a supported picture (invalid_image).",
  402: "Not enough credits (insufficient_credits). Nothing is charged.",
  413: "An image is larger than 10 MB or has too many pixels.",
};
const RESULT = { description: "The finished image, stored at our own URL.", schema: imageResultSchema };
const PHOTO = { image: "The photo (PNG, JPEG or WebP, at most 10 MB)." };

type CallDetails = Omit<DocumentedCall, "method" | "path" | "tag" | "summary">;

/** One row of the table: the four facts every call has first, then what sets it apart. */
function call(method: HttpMethod, path: string, tag: DocumentedCall["tag"], summary: string, details: CallDetails): DocumentedCall {
  return { method, path, tag, summary, ...details };
}

/** A tool that takes its settings with the photo (multipart), or with a data URL or one of your results' URLs as `image` (JSON). */
function photoTool(fields: z.ZodType) {
  const reference = z.object({ image: z.string().min(1).describe("A data URL, or the URL of one of your results.") });
  return { json: reference.and(fields), multipart: { fields, files: PHOTO } };
}

/**
 * The tools' calls, in the registry's order, each documented by its entry and shaped by its server
 * part: by default an image call that may answer later with the stored image and refuses as every
 * image call does.
 */
export function toolCallRows(tools?: readonly ToolEntry[], serverParts: Partial<Record<string, ToolServerPart>> = TOOL_SERVER_PARTS): DocumentedCall[] {
  return toolCallsOf(tools).map(({ method, path, open, doc, documentedBy }) => {
    const part = serverParts[documentedBy.id];
    const shape = part?.call ?? {};
    const errors = shape.errors ? Object.fromEntries(shape.errors.map((status) => [status, IMAGE_ERRORS[status]])) : IMAGE_ERRORS;
    return call(method, path, "Images", doc?.summary ?? path, {
      ...(doc?.description ? { description: doc.description } : {}),
      ...(part?.photo ? photoTool(part.photo.fields) : {}),
      ...(shape.json ? { json: shape.json } : {}),
      ...(shape.multipart ? { multipart: shape.multipart } : {}),
      ...(shape.async === false ? {} : { async: true }),
      ...(open ? { open } : {}),
      answers: shape.answers ?? { 200: RESULT },
      errors,
    });
  });
}

/** The one successful answer of a JSON call. */
function ok(status: number, description: string, schema?: z.ZodType): Record<number, DocumentedAnswer> {
  return { [status]: schema ? { description, schema } : { description } };
}

const NO_SUCH_OPERATION = { 404: "No such operation of yours (operation_not_found)." };
const NO_SUCH_ENDPOINT = { 404: "No such endpoint of yours (webhook_endpoint_not_found)." };

/** Every documented call: a registry's tools' (the real one unless a test passes another), then the others. */
export function documentedCalls(tools?: readonly ToolEntry[], serverParts?: Partial<Record<string, ToolServerPart>>): DocumentedCall[] {
  return [...toolCallRows(tools, serverParts), ...OTHER_CALLS];
}

const OTHER_CALLS: readonly DocumentedCall[] = [
  call("POST", "/api/operations/{id}/repeat", "Operations", "Make a result again with the same inputs, settings and seed", {
    async: true,
    answers: { 200: RESULT },
    errors: { 402: IMAGE_ERRORS[402], ...NO_SUCH_OPERATION },
  }),
  call("GET", "/api/operations/{id}", "Operations", "An operation's state, progress, result and recipe", {
    open: true,
    answers: ok(200, "The operation; webhooks carry this same shape as data.operation.", operationResourceSchema),
    errors: NO_SUCH_OPERATION,
  }),
  call("GET", "/api/operations/{id}/events", "Operations", "Follow an operation as server-sent events", {
    description:
      "Each `data:` line is the operation's state (the shape of GET /api/operations/{id} without its recipe); the stream ends when the operation does.",
    open: true,
    answers: { 200: { description: "An event stream of operation states.", contentType: "text/event-stream", schema: operationViewSchema } },
    errors: NO_SUCH_OPERATION,
  }),
  call("POST", "/api/operations/{id}/cancel", "Operations", "Cancel an operation (refunded in full)", {
    open: true,
    answers: ok(200, "The operation after the cancel request.", operationViewSchema),
    errors: NO_SUCH_OPERATION,
  }),
  call("GET", "/api/credits/balance", "Credits", "Your credit balance", { answers: ok(200, "Credits left.", balanceSchema) }),
  call("GET", "/api/files/{id}", "Files", "Download a result", {
    open: true,
    answers: {
      200: { description: "The image's bytes.", contentType: "image/*" },
      302: { description: "A short-lived address of the bytes (when files are served from object storage)." },
    },
    errors: { 404: "No such file of yours (file_not_found)." },
  }),
  call("GET", "/api/keys", "API keys", "List your API keys (signed-in session only)", {
    answers: ok(200, "Your keys, by prefix; never the keys themselves.", apiKeyListSchema),
  }),
  call("POST", "/api/keys", "API keys", "Create an API key (signed-in session only)", {
    json: createApiKeySchema,
    answers: ok(201, "The key, shown this once.", createdApiKeySchema),
    errors: {
      400: "The name is missing or too long (invalid_request).",
      409: "At most 10 keys per account (api_key_limit).",
      429: "More than 20 keys created or revoked this hour (api_key_changes_rate_limited), with Retry-After.",
    },
  }),
  call("DELETE", "/api/keys/{id}", "API keys", "Revoke an API key (signed-in session only)", {
    answers: ok(200, "Revoked: calls with the key answer 401 from now on.", revokedSchema),
    errors: { 404: "No such key of yours.", 429: "More than 20 keys created or revoked this hour (api_key_changes_rate_limited), with Retry-After." },
  }),
  call("GET", "/api/webhook-endpoints", "Webhooks", "List your webhook endpoints", {
    answers: ok(200, "Your endpoints, without their secrets.", webhookEndpointListSchema),
  }),
  call("POST", "/api/webhook-endpoints", "Webhooks", "Add a webhook endpoint", {
    description:
      "Each delivery is a POST of `{id, type, created, data: {operation}}` signed in the Standard Webhooks format (https://www.standardwebhooks.com): `webhook-id` (the event id, the same on every retry and resend), `webhook-timestamp` (unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256 of \"<webhook-id>.<webhook-timestamp>.<body>\">`, keyed with the bytes of the endpoint's `whsec_` secret (base64 after the prefix); verify with a Standard Webhooks library. A failed delivery is retried 6 times over about an hour, one attempt at a time per endpoint. After 5 deliveries in a row have failed every retry (the server's WEBHOOK_DISABLE_AFTER_FAILURES), the endpoint is switched off and its owner mailed.",
    json: createWebhookEndpointSchema,
    answers: ok(201, "The endpoint with its signing secret, shown this once.", createdWebhookEndpointSchema),
    errors: {
      400: "The address is not a URL, or an event is unknown (invalid_request); or the address is private, reserved, or not https in production (webhook_url_refused).",
      409: "At most 10 endpoints per account (webhook_endpoint_limit).",
    },
  }),
  call("PATCH", "/api/webhook-endpoints/{id}", "Webhooks", "Switch a webhook endpoint on or off", {
    description: '`{ "enabled": true }` switches on an endpoint that was switched off (by you, or after failing), with a fresh failure count.',
    json: updateWebhookEndpointSchema,
    answers: ok(200, "The endpoint.", webhookEndpointSchema),
    errors: { 400: "The body is not { enabled: true | false } (invalid_request).", 404: "No such endpoint of yours (webhook_endpoint_not_found)." },
  }),
  call("DELETE", "/api/webhook-endpoints/{id}", "Webhooks", "Delete a webhook endpoint", {
    answers: ok(200, "Deleted, with its pending deliveries.", deletedSchema),
    errors: NO_SUCH_ENDPOINT,
  }),
  call("GET", "/api/webhook-endpoints/{id}/deliveries", "Webhooks", "An endpoint's last 50 deliveries", {
    answers: ok(200, "Newest first, with their status.", webhookDeliveryListSchema),
    errors: NO_SUCH_ENDPOINT,
  }),
  call("POST", "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend", "Webhooks", "Send a delivery again", {
    description: "The same event id (`webhook-id`) and body, with a fresh timestamp and signature and its own retries.",
    answers: ok(200, "The delivery, pending again.", webhookDeliverySchema),
    errors: {
      404: "No such delivery of yours (webhook_delivery_not_found).",
      409: "The delivery is still being sent (webhook_delivery_in_flight), or its endpoint is switched off (webhook_endpoint_disabled).",
      429: "More than 20 resends this hour (webhook_resend_rate_limited, the server's WEBHOOK_RESEND_RATE_LIMIT), with Retry-After.",
    },
  }),
  call("GET", "/api/openapi.json", "Reference", "This document", {
    open: true,
    answers: ok(200, "The OpenAPI 3.1 document of the public calls."),
  }),
];

export const DOCUMENTED_CALLS: readonly DocumentedCall[] = documentedCalls();

export { acceptedSchema };

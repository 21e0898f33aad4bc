// The webhook events and the shapes of the webhook calls, shared by the routes that validate them,
// the OpenAPI document that describes them and the Account page that sends them.
import { z } from "zod";

export const WEBHOOK_EVENTS = ["operation.succeeded", "operation.failed", "operation.canceled"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries in a row that fail every retry before an endpoint is switched off (WEBHOOK_DISABLE_AFTER_FAILURES). */
export const WEBHOOK_DISABLE_AFTER_FAILURES_DEFAULT = 5;
/** Deliveries an account may resend an hour (WEBHOOK_RESEND_RATE_LIMIT). */
export const WEBHOOK_RESEND_RATE_LIMIT_DEFAULT = 20;
/** Deliveries the list call and the Account page show, newest first. */
export const RECENT_DELIVERIES = 50;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** The event an operation's final status announces. */
export function eventForStatus(status: string): WebhookEventType | null {
  if (status === "succeeded") return "operation.succeeded";
  if (status === "failed") return "operation.failed";
  if (status === "canceled") return "operation.canceled";
  return null;
}

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, {
  error: (issue) => `Unknown event "${String(issue.input)}". Events are ${WEBHOOK_EVENTS.join(", ")}.`,
});

export const createWebhookEndpointSchema = z
  .object({
    url: z
      .string({ error: "Give the address that receives the events, such as https://example.com/pictura-webhook." })
      .trim()
      .max(WEBHOOK_URL_MAX_LENGTH, `The address may be at most ${WEBHOOK_URL_MAX_LENGTH} characters long.`)
      .pipe(z.url({ protocol: /^https?$/, message: "The address must be a full http(s) URL, such as https://example.com/pictura-webhook." })),
    events: z
      .array(webhookEventSchema, { error: `List the events to receive: ${WEBHOOK_EVENTS.join(", ")}.` })
      .min(1, "Choose at least one event.")
      .max(WEBHOOK_EVENTS.length)
      .transform((events) => [...new Set(events)]),
  })
  .meta({ id: "CreateWebhookEndpointRequest" });
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    enabled: z.boolean().describe("False once switched off: by its owner, or after deliveries in a row failed every retry. Nothing is sent to it then."),
    disabledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    enabled: z.boolean({ error: 'Send { "enabled": true } to switch the endpoint on, or false to switch it off.' }),
  })
  .meta({ id: "UpdateWebhookEndpointRequest" });
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointSchema>;

export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe("whsec_…, the signing secret. Shown only in this answer.") })
  .meta({ id: "CreatedWebhookEndpoint" });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) }).meta({ id: "WebhookEndpointList" });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string().describe("evt_…, the same for every endpoint that receives the event; use it to ignore repeats."),
    type: webhookEventSchema,
    operationId: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) }).meta({ id: "WebhookDeliveryList" });

import { route } from "@/lib/http/route";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { updateWebhookEndpointSchema } from "@/lib/webhooks/events";

// Switching an endpoint on (after it was switched off for failing) or off.
export const PATCH = route<typeof updateWebhookEndpointSchema, "user", { id: string }>(
  { auth: "user", body: updateWebhookEndpointSchema },
  ({ user, params, body }) => updateWebhookEndpoint(user, params.id, body),
);

// Deleting an endpoint stops its deliveries, retries included.
export const DELETE = route<undefined, "user", { id: string }>({ auth: "user" }, ({ user, params }) => deleteWebhookEndpoint(user, params.id));

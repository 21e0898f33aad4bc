import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { updateWebhookEndpointSchema } from "@/lib/webhooks/events";

// Switching an endpoint on (after it was switched off for failing) or off.
export const PATCH = route<JsonInput<typeof updateWebhookEndpointSchema>, "session", { id: string }>(
  { auth: "session", input: json(updateWebhookEndpointSchema) },
  ({ user, params, input }) => updateWebhookEndpoint(user, params.id, input),
);

// Deleting an endpoint stops its deliveries, retries included.
export const DELETE = route<undefined, "session", { id: string }>({ auth: "session" }, ({ user, params }) => deleteWebhookEndpoint(user, params.id));

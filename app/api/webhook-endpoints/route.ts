import { route } from "@/lib/http/route";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { createWebhookEndpointSchema } from "@/lib/webhooks/events";

// A signed-in user's webhook endpoints; the signing secret is in the creation's answer only.
export const GET = route({ auth: "user" }, ({ user }) => listWebhookEndpoints(user));
export const POST = route({ auth: "user", body: createWebhookEndpointSchema }, async ({ user, body }) =>
  Response.json(await createWebhookEndpoint(user, body), { status: 201 }),
);

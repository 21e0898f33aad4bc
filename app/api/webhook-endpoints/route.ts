import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { createWebhookEndpointSchema } from "@/lib/webhooks/events";

// A signed-in user's webhook endpoints; the signing secret is in the creation's answer only.
export const GET = route({ auth: "session" }, ({ user }) => listWebhookEndpoints(user));
export const POST = route({ auth: "session", input: json(createWebhookEndpointSchema) }, async ({ user, input }) =>
  Response.json(await createWebhookEndpoint(user, input), { status: 201 }),
);

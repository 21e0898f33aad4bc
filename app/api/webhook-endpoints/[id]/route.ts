import { route } from "@/lib/http/route";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints";

// Deleting an endpoint stops its deliveries, retries included.
export const DELETE = route<undefined, "user", { id: string }>({ auth: "user" }, ({ user, params }) => deleteWebhookEndpoint(user, params.id));

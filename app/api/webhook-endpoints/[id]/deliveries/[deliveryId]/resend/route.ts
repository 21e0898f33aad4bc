import { route } from "@/lib/http/route";
import { resendDelivery } from "@/lib/webhooks/endpoints";

// Sends the same event again (same id and body, fresh signature), with its own retries.
export const POST = route<undefined, "user", { id: string; deliveryId: string }>({ auth: "user" }, ({ user, params }) =>
  resendDelivery(user, params.id, params.deliveryId),
);

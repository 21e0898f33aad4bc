import { route } from "@/lib/http/route";
import { resendDelivery } from "@/lib/webhooks/endpoints";

// Sends the same event again (same id and body, fresh signature), with its own retries.
export const POST = route<undefined, "session", { id: string; deliveryId: string }>({ auth: "session" }, ({ user, params }) =>
  resendDelivery(user, params.id, params.deliveryId),
);

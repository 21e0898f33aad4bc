import { route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/endpoints";

// The endpoint's last 50 deliveries, newest first, with their status.
export const GET = route<undefined, "session", { id: string }>({ auth: "session" }, ({ user, params }) => listDeliveries(user, params.id));

import { cancelSubscription } from "@/lib/billing/cancel";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "session" }, ({ user }) => cancelSubscription(user));

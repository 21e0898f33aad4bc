import { startSubscription } from "@/lib/billing/checkout";
import { route } from "@/lib/http/route";
import { createSubscriptionSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "user", body: createSubscriptionSchema }, ({ user, body }) => startSubscription(user, body.tier));

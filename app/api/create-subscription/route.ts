import { startSubscription } from "@/lib/billing/checkout";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { createSubscriptionSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "session", input: json(createSubscriptionSchema) }, ({ user, input }) => startSubscription(user, input.tier));

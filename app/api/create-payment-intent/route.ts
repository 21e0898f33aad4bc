import { startPackPurchase } from "@/lib/billing/checkout";
import { route } from "@/lib/http/route";
import { creditPackPurchaseSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "user", body: creditPackPurchaseSchema }, ({ user, body }) => startPackPurchase(user, body.packId));

import { startPackPurchase } from "@/lib/billing/checkout";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { creditPackPurchaseSchema } from "@/lib/validation/billing";

export const POST = route({ auth: "session", input: json(creditPackPurchaseSchema) }, ({ user, input }) => startPackPurchase(user, input.packId));

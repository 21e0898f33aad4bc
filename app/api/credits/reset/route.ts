import { creditResetMessage } from "@/lib/credits/reset";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "guest" }, ({ user }) => ({ message: creditResetMessage(user) }));

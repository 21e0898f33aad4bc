import { creditStatus } from "@/lib/credits/balance";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "guest" }, ({ user }) => creditStatus(user));

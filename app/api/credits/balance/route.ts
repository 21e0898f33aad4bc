import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session", contract: CONTRACTS.balance }, ({ user }) => ({ credits: user.credits }));

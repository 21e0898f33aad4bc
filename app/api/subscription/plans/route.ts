import { plansOfferedTo } from "@/lib/billing/plans";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "guest" }, ({ user }) => plansOfferedTo(user?.tier ?? null));

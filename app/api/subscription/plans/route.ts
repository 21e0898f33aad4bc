import { plansOfferedTo } from "@/lib/billing/plans";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "optional" }, ({ user }) => plansOfferedTo(user?.tier ?? null));

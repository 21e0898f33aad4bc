import { currentSubscription } from "@/lib/billing/current";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session" }, ({ user }) => currentSubscription(user));

import { toPublicUser } from "@/lib/auth/users";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "guest" }, ({ user }) => (user ? toPublicUser(user) : null));

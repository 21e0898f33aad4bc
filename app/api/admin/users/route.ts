// GET /api/admin/users?q=…: the console's account search (an admin's two-step session only; 404 for anyone else).
import { searchUsers } from "@/lib/admin/users";
import { route } from "@/lib/http/route";
import { userSearchSchema } from "@/lib/validation/admin";

export const GET = route({ auth: "admin", query: userSearchSchema }, async ({ query }) => ({ users: await searchUsers(query.q) }));

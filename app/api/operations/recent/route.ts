import { route } from "@/lib/http/route";
import { recentResults } from "@/lib/imaging/history";

// The editor's results (generate and edit), newest first.
export const GET = route({ auth: "user" }, ({ user }) => recentResults(user.id, ["generate", "edit"]));

import { route } from "@/lib/http/route";
import { recipeOfResultFile } from "@/lib/jobs/recipe";

// How one of the user's results was made: the operation that made it and its recipe.
export const GET = route<undefined, "session", { id: string }>({ auth: "session" }, ({ user, params }) => recipeOfResultFile(params.id, user));

import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { operationRecipe } from "@/lib/jobs/recipe";
import { viewOperation } from "@/lib/jobs/view";

// One operation's state, progress, place in the queue, result and recipe, for its owner.
export const GET = route<undefined, "optional", { id: string }>({ auth: "optional" }, async ({ user, request, params }) => {
  const operation = await findViewableOperation(params.id, user, request);
  return { ...(await viewOperation(operation)), recipe: await operationRecipe(operation) };
});

import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { viewOperation } from "@/lib/jobs/view";

// One operation's state, progress, place in the queue and result, for its owner.
export const GET = route<undefined, "optional", { id: string }>({ auth: "optional" }, async ({ user, request, params }) =>
  viewOperation(await findViewableOperation(params.id, user, request)),
);

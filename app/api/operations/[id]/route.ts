import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { operationResource } from "@/lib/jobs/resource";

// One operation's state, progress, place in the queue, result and recipe, for its owner.
export const GET = route<undefined, "guest", { id: string }>({ auth: "guest", contract: CONTRACTS.operation }, async ({ user, client, params }) =>
  operationResource(await findViewableOperation(params.id, user, client)),
);

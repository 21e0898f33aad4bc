import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { requestCancel } from "@/lib/jobs/cancel";
import { viewOperation } from "@/lib/jobs/view";
import { readOperation } from "@/lib/jobs/wait";

// Cancels a queued operation at once (refunded); a running one is refunded when its worker stops.
export const POST = route<undefined, "guest", { id: string }>({ auth: "guest", contract: CONTRACTS.cancelOperation }, async ({ user, client, params }) => {
  const operation = await findViewableOperation(params.id, user, client);
  await requestCancel(operation);
  return viewOperation((await readOperation(operation.id)) ?? operation);
});

import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { repeatOperation } from "@/lib/imaging/repeat";

// "Make again": runs an operation's recipe once more on the same inputs, at the same cost, for its owner.
export const POST = route<undefined, "session", { id: string }>(
  { auth: "session", contract: CONTRACTS.repeatOperation, rateLimit: "image" },
  ({ user, client, params }) => repeatOperation(user, client, params.id),
);

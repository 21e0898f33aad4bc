// POST /api/admin/appeals/{id} {decision: uphold | reverse, reason}, with an Idempotency-Key: the
// removal stands, or the share and its file come back; the owner is told. Once.
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { decideAppeal } from "@/lib/reports/appeals";
import { appealDecisionSchema } from "@/lib/validation/reports";

export const POST = route<JsonInput<typeof appealDecisionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(appealDecisionSchema), idempotency: "required" },
  ({ user, params, input, client }) => decideAppeal({ actor: { id: user.id }, appealId: params.id, input, address: client.ip }),
);

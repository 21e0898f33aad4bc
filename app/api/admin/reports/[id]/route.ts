// POST /api/admin/reports/{id} {decision: remove | dismiss, rule?, reason}, with an Idempotency-Key:
// takes the reported content down and mails its owner why, or leaves it; the reporter is told. Once.
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { decideReport } from "@/lib/reports/decide";
import { reportDecisionSchema } from "@/lib/validation/reports";

export const POST = route<JsonInput<typeof reportDecisionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reportDecisionSchema), idempotency: "required" },
  ({ user, params, input, client }) => decideReport({ actor: { id: user.id }, reportId: params.id, input, address: client.ip, origin: client.origin }),
);

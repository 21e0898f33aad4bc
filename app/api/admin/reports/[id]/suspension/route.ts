// POST /api/admin/reports/{id}/suspension {category, reason}, with an Idempotency-Key: suspends the
// account whose content was reported, as the Users screen does (lib/admin/suspension.ts).
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { suspendReportedOwner } from "@/lib/reports/decide";
import { suspensionSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof suspensionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(suspensionSchema), idempotency: "required" },
  ({ user, params, input, client }) => suspendReportedOwner({ actor: { id: user.id }, reportId: params.id, ...input, address: client.ip }),
);

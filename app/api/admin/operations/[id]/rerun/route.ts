// POST /api/admin/operations/{id}/rerun {reason}, with an Idempotency-Key: runs a failed or canceled
// operation again for its owner at no charge, as a new operation linked to it; the same key runs it once.
import { rerunOperation } from "@/lib/admin/rerun";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "required" },
  ({ user, params, input, client }) => rerunOperation({ actor: { id: user.id }, operationId: params.id, reason: input.reason, address: client.ip }),
);

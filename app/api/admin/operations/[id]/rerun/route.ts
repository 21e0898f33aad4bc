// POST /api/admin/operations/{id}/rerun {reason}, with an Idempotency-Key: runs a failed or canceled
// operation again for its owner at no charge, as a new operation linked to it; the same key runs it once.
import { actOnce, consoleIdempotencyKey } from "@/lib/admin/act-once";
import { rerunOperation } from "@/lib/admin/rerun";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), headers: ["idempotency-key"] },
  ({ user, params, input, headers, client }) =>
    actOnce(user.id, consoleIdempotencyKey(headers, "Running an operation again"), { action: "operation.rerun", targetId: params.id, input }, () =>
      rerunOperation({ actor: { id: user.id }, operationId: params.id, reason: input.reason, address: client.ip }),
    ),
);

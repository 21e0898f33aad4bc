// DELETE /api/admin/users/{id}/sessions {reason} (Idempotency-Key optional): signs the account out
// everywhere at once.
import { endAllSessions } from "@/lib/admin/account-access";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const DELETE = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "optional" },
  ({ user, params, input, client }) => endAllSessions({ actor: { id: user.id }, userId: params.id, reason: input.reason, address: client.ip }),
);

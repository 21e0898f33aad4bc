// GET /api/admin/users/{id}: one account as the console shows it (404 for an unknown id).
// DELETE with {reason} (Idempotency-Key optional): deletes it as its owner's deletion does; never
// one's own account nor another admin's.
import { accountDetail } from "@/lib/admin/account-detail";
import { deleteAccountAsOperator } from "@/lib/admin/account-deletion";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const GET = route<undefined, "admin", { id: string }>({ auth: "admin" }, ({ params }) => accountDetail(params.id));

export const DELETE = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "optional" },
  ({ user, params, input, client }) => deleteAccountAsOperator({ actor: { id: user.id }, userId: params.id, reason: input.reason, address: client.ip }),
);

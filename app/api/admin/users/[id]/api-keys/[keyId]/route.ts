// DELETE /api/admin/users/{id}/api-keys/{keyId} {reason} (Idempotency-Key optional): revokes one of
// the account's API keys; it answers 401 from then on.
import { revokeAccountApiKey } from "@/lib/admin/account-access";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const DELETE = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string; keyId: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "optional" },
  ({ user, params, input, client }) =>
    revokeAccountApiKey({ actor: { id: user.id }, userId: params.id, keyId: params.keyId, reason: input.reason, address: client.ip }),
);

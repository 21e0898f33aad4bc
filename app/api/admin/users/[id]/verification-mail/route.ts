// POST /api/admin/users/{id}/verification-mail {reason} (Idempotency-Key optional): sends the
// address-verification link again; 409 when the address is verified already.
import { sendVerificationMailAgain } from "@/lib/admin/account-access";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "optional" },
  ({ user, params, input, client }) =>
    sendVerificationMailAgain({ actor: { id: user.id }, userId: params.id, reason: input.reason, origin: client.origin, address: client.ip }),
);

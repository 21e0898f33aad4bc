// POST /api/admin/users/{id}/verification-mail {reason} (Idempotency-Key optional): sends the
// address-verification link again; 409 when the address is verified already.
import { actOnce, consoleIdempotencyKey } from "@/lib/admin/act-once";
import { sendVerificationMailAgain } from "@/lib/admin/account-access";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), headers: ["idempotency-key"] },
  ({ user, params, input, headers, client }) =>
    actOnce(user.id, consoleIdempotencyKey(headers), { action: "verification_mail.send", targetId: params.id, input }, () =>
      sendVerificationMailAgain({ actor: { id: user.id }, userId: params.id, reason: input.reason, origin: client.origin, address: client.ip }),
    ),
);

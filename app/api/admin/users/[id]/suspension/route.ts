// POST /api/admin/users/{id}/suspension {category, reason}: suspends the account (its sessions end, its
// keys and sign-ins are refused, its queued work is canceled and refunded, its webhooks paused).
// DELETE with {reason} lifts it. Each change writes its audit row; a repeat changes nothing.
import { suspendAccount, unsuspendAccount } from "@/lib/admin/suspension";
import { isSuspensionCategory } from "@/lib/admin/suspended-account";
import { BadRequestError } from "@/lib/errors";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { suspensionSchema, unsuspensionSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof suspensionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(suspensionSchema), idempotency: "optional" },
  ({ user, params, input, client }) => {
    if (!isSuspensionCategory(input.category))
      throw new BadRequestError("Unknown category: choose abuse, fraud, spam, chargeback or other.", "invalid_category");
    return suspendAccount({ actor: { id: user.id }, userId: params.id, category: input.category, reason: input.reason, address: client.ip });
  },
);

export const DELETE = route<JsonInput<typeof unsuspensionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(unsuspensionSchema), idempotency: "optional" },
  ({ user, params, input, client }) => unsuspendAccount({ actor: { id: user.id }, userId: params.id, reason: input.reason, address: client.ip }),
);

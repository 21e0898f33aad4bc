// POST /api/admin/users/{id}/credits {delta, reason}, with an Idempotency-Key: grants or takes credits
// as an adjustment ledger row with its audit row; the same key sent again adjusts once.
import { adjustCredits } from "@/lib/admin/credits";
import { BadRequestError } from "@/lib/errors";
import { checkedIdempotencyKey } from "@/lib/http/idempotency";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { creditAdjustmentSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof creditAdjustmentSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(creditAdjustmentSchema), headers: ["idempotency-key"] },
  async ({ user, params, input, headers, client }) => {
    const key = checkedIdempotencyKey(headers["idempotency-key"] ?? null);
    if (key === null) throw new BadRequestError("An adjustment needs an Idempotency-Key header.", "idempotency_key_required");
    return adjustCredits({ actor: { id: user.id }, userId: params.id, delta: input.delta, reason: input.reason, idempotencyKey: key, address: client.ip });
  },
);

// POST /api/admin/users/{id}/credits {delta, reason}, with an Idempotency-Key: grants or takes credits
// as an adjustment ledger row with its audit row; the same key sent again adjusts once.
import { adjustCredits } from "@/lib/admin/credits";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { creditAdjustmentSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof creditAdjustmentSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(creditAdjustmentSchema), idempotency: "required", headers: ["idempotency-key"] },
  // The ledger row carries the key too (the route has refused a call without one), so the adjustment
  // stays single even after the key's kept answer has expired.
  ({ user, params, input, headers, client }) =>
    adjustCredits({
      actor: { id: user.id },
      userId: params.id,
      delta: input.delta,
      reason: input.reason,
      idempotencyKey: headers["idempotency-key"]!,
      address: client.ip,
    }),
);

// POST /api/admin/operations/{id}/refund {reason}: gives back one operation's credits, exactly once.
import { refundOperation } from "@/lib/admin/refunds";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { operationRefundSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof operationRefundSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(operationRefundSchema), idempotency: "optional" },
  ({ user, params, input, client }) => refundOperation({ actor: { id: user.id }, operationId: params.id, reason: input.reason, address: client.ip }),
);

// POST /api/admin/review/{operationId} {decision: approve | remove, category (for remove), reason}, with
// an Idempotency-Key: keeps a flagged result, or removes it everywhere and mails its owner why. Once.
import { decideReview } from "@/lib/admin/review-decision";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { reviewDecisionSchema } from "@/lib/validation/admin";

export const POST = route<JsonInput<typeof reviewDecisionSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reviewDecisionSchema), idempotency: "required" },
  ({ user, params, input, client }) => decideReview({ actor: { id: user.id }, operationId: params.id, ...input, address: client.ip }),
);

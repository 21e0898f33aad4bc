// POST /api/admin/users/{id}/plan {planId, until, reason}, with an Idempotency-Key: gives the plan
// until that date with no payment (its credits as a paid start gives them); it lapses at that date.
// DELETE with {reason} ends a granted plan now. Each writes its audit row; the same key acts once.
import { endGrantedPlan, grantPlan } from "@/lib/admin/plan-grants";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { planGrantSchema, reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof planGrantSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(planGrantSchema), idempotency: "required" },
  ({ user, params, input, client }) =>
    grantPlan({ actor: { id: user.id }, userId: params.id, planId: input.planId, until: input.until, reason: input.reason, address: client.ip }),
);

export const DELETE = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), idempotency: "optional" },
  ({ user, params, input, client }) => endGrantedPlan({ actor: { id: user.id }, userId: params.id, reason: input.reason, address: client.ip }),
);

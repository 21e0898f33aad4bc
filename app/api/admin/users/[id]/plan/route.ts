// POST /api/admin/users/{id}/plan {planId, until, reason}, with an Idempotency-Key: gives the plan
// until that date with no payment (its credits as a paid start gives them); it lapses at that date.
// DELETE with {reason} ends a granted plan now. Each writes its audit row; the same key acts once.
import { actOnce, consoleIdempotencyKey } from "@/lib/admin/act-once";
import { endGrantedPlan, grantPlan } from "@/lib/admin/plan-grants";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { planGrantSchema, reasonOnlySchema } from "@/lib/validation/admin-actions";

export const POST = route<JsonInput<typeof planGrantSchema>, "admin", { id: string }>(
  { auth: "admin", input: json(planGrantSchema), headers: ["idempotency-key"] },
  ({ user, params, input, headers, client }) =>
    actOnce(user.id, consoleIdempotencyKey(headers, "A plan grant"), { action: "plan.grant", targetId: params.id, input }, () =>
      grantPlan({ actor: { id: user.id }, userId: params.id, planId: input.planId, until: input.until, reason: input.reason, address: client.ip }),
    ),
);

export const DELETE = route<JsonInput<typeof reasonOnlySchema>, "admin", { id: string }>(
  { auth: "admin", input: json(reasonOnlySchema), headers: ["idempotency-key"] },
  ({ user, params, input, headers, client }) =>
    actOnce(user.id, consoleIdempotencyKey(headers), { action: "plan.end", targetId: params.id, input }, () =>
      endGrantedPlan({ actor: { id: user.id }, userId: params.id, reason: input.reason, address: client.ip }),
    ),
);

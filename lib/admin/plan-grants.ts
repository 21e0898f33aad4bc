// A plan an operator gives an account until a date, with no payment, and its end. A grant is a
// subscription row of the `operator` provider started through the same event a paid start applies
// (lib/billing/events.ts, subscription_paid): the account moves to the plan's tier and gets the
// plan's credits once, as a `subscription` ledger row, exactly as the first invoice of a paid plan
// gives them; a grant longer than a month gets no monthly renewals (no invoice is ever paid), so more
// credits are an adjustment. The row is marked canceled at the grant, so it never renews, and it lapses
// at its end date through the event that ends a cancelled paid plan at its period's end
// (subscription_ended), sent by the scheduled cleanup and the workers' sweep (lapseGrantedPlans).
// Ending it early from the console sends the same event now. Each change writes one audit row in its
// own transaction.
import "server-only";
import { randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/audit/log";
import { applyBillingEventIn } from "@/lib/billing/events";
import { cancelReplaced } from "@/lib/billing/replace";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError } from "@/lib/errors";
import type { Prisma, Subscription } from "@/lib/generated/prisma/client";
import { lockedAccount } from "./locked-account";
import { checkedReason } from "./reason";

type Tx = Prisma.TransactionClient;

const LIVE = ["active", "past_due"] as const;

export interface PlanGrant {
  actor: { id: string };
  userId: string;
  planId: string;
  until: Date;
  reason: string;
  address: string | null;
}

export interface PlanChange {
  actor: { id: string };
  userId: string;
  reason: string;
  address: string | null;
}

export interface PlanGrantOutcome {
  subscriptionId: string;
  planId: string;
  tier: string;
  until: string;
  creditsGranted: number;
  balance: number;
  message: string;
}

export interface PlanEndOutcome {
  subscriptionId: string;
  planId: string;
  tier: string;
  endedAt: string;
  message: string;
}

/** The latest end a grant may have: the end of the (UTC) day a year from now, so any time on that date is allowed. */
function latestEnd(now: Date): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  latest.setUTCHours(23, 59, 59, 999);
  return latest;
}

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

function checkedEnd(until: Date, now: Date): Date {
  if (Number.isNaN(until.getTime()) || until.getTime() <= now.getTime()) {
    throw new BadRequestError("The end date must be in the future.", "grant_end_in_past");
  }
  if (until.getTime() > latestEnd(now).getTime()) {
    throw new BadRequestError(`A plan can be granted for a year at most: choose an end date no later than ${dateOf(latestEnd(now))}.`, "grant_too_long");
  }
  return until;
}

const liveSubscriptions = (tx: Tx, userId: string) =>
  tx.subscription.findMany({ where: { userId, status: { in: [...LIVE] } }, include: { plan: true }, orderBy: { createdAt: "desc" } });

function refuseOverLivePlan(live: Awaited<ReturnType<typeof liveSubscriptions>>): void {
  const paid = live.find((subscription) => subscription.provider !== "operator");
  if (paid) {
    const until = paid.currentPeriodEnd ? `, paid until ${dateOf(paid.currentPeriodEnd)}` : "";
    throw new ConflictError(
      `This account pays for the ${paid.plan.name} plan (${paid.provider}${until}); a plan cannot be granted over a paid one.`,
      "paid_plan_active",
    );
  }
  const granted = live[0];
  if (granted) {
    const until = granted.currentPeriodEnd ? ` until ${dateOf(granted.currentPeriodEnd)}` : "";
    throw new ConflictError(`This account already has the ${granted.plan.name} plan granted${until}; end that grant first.`, "plan_already_granted");
  }
}

export async function grantPlan(request: PlanGrant): Promise<PlanGrantOutcome> {
  const reason = checkedReason(request.reason);
  const now = new Date();
  const until = checkedEnd(request.until, now);
  const plan = await db.plan.findUnique({ where: { id: request.planId } });
  if (!plan || plan.kind !== "subscription" || !plan.active) {
    const known = await db.plan.findMany({ where: { kind: "subscription", active: true }, orderBy: { sortOrder: "asc" }, select: { id: true } });
    throw new BadRequestError(`Unknown plan "${request.planId}": choose one of ${known.map((row) => row.id).join(", ")}.`, "unknown_plan");
  }
  const outcome = await db.$transaction(async (tx) => {
    const user = await lockedAccount(tx, request.userId);
    if (user.deletedAt) throw new ConflictError("This account is deleted; it cannot be given a plan.", "account_deleted");
    refuseOverLivePlan(await liveSubscriptions(tx, user.id));
    const providerSubscriptionId = `sub_operator_${randomUUID()}`;
    const subscription = await tx.subscription.create({
      data: { userId: user.id, planId: plan.id, provider: "operator", providerSubscriptionId, status: "incomplete" },
    });
    // What a paid start does: active, the plan's tier, its credits once, any unpaid checkout replaced.
    const applied = await applyBillingEventIn(tx, {
      type: "subscription_paid",
      eventId: `operator:${providerSubscriptionId}:granted`,
      provider: "operator",
      providerSubscriptionId,
      invoiceId: `grant_${subscription.id}`,
      periodEnd: until,
      // Nobody paid: the ledger row carries no amount and the overview counts no revenue for it.
      paid: null,
    });
    // Canceled at the start, as a paid plan its owner cancelled: it runs to its end and never renews.
    await tx.subscription.update({ where: { id: subscription.id }, data: { canceledAt: now } });
    const after = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { tier: true, credits: true } });
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: "plan.grant",
      target: { type: "user", id: user.id },
      reason,
      before: { tier: user.tier, credits: user.credits, subscription: null },
      after: { tier: after.tier, credits: after.credits, subscriptionId: subscription.id, planId: plan.id, until: until.toISOString() },
      address: request.address,
    });
    return { subscriptionId: subscription.id, tier: after.tier, balance: after.credits, replaced: applied.replaced };
  });
  // An unpaid checkout the grant replaced: its provider stops waiting for the payment.
  await cancelReplaced(outcome.replaced);
  return {
    subscriptionId: outcome.subscriptionId,
    planId: plan.id,
    tier: outcome.tier,
    until: until.toISOString(),
    creditsGranted: plan.credits,
    balance: outcome.balance,
    message: `The ${plan.name} plan is granted until ${dateOf(until)}.`,
  };
}

/** Ends one granted subscription now, through the event that ends any plan, inside `tx`. */
async function endGrant(tx: Tx, subscription: Subscription, why: "ended" | "lapsed"): Promise<void> {
  await applyBillingEventIn(tx, {
    type: "subscription_ended",
    eventId: `operator:${subscription.providerSubscriptionId}:${why}`,
    provider: "operator",
    providerSubscriptionId: subscription.providerSubscriptionId,
  });
}

/** Ends the account's granted plan now; a paid plan is its owner's to cancel. */
export async function endGrantedPlan(request: PlanChange): Promise<PlanEndOutcome> {
  const reason = checkedReason(request.reason);
  return db.$transaction(async (tx) => {
    const user = await lockedAccount(tx, request.userId);
    const granted = (await liveSubscriptions(tx, user.id)).find((subscription) => subscription.provider === "operator");
    if (!granted) throw new ConflictError("This account has no granted plan to end.", "no_granted_plan");
    await endGrant(tx, granted, "ended");
    const after = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { tier: true } });
    const endedAt = new Date();
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: "plan.end",
      target: { type: "user", id: user.id },
      reason,
      before: { tier: user.tier, subscriptionId: granted.id, planId: granted.planId, until: granted.currentPeriodEnd?.toISOString() ?? null },
      after: { tier: after.tier, subscriptionId: granted.id, status: "canceled" },
      address: request.address,
    });
    return {
      subscriptionId: granted.id,
      planId: granted.planId,
      tier: after.tier,
      endedAt: endedAt.toISOString(),
      message: `The granted ${granted.plan.name} plan has ended.`,
    };
  });
}

/** Ends every granted plan whose end date has come; returns how many. Safe to run anywhere, any number of times at once. */
export async function lapseGrantedPlans(now = new Date()): Promise<number> {
  const due = await db.subscription.findMany({
    where: { provider: "operator", status: { in: [...LIVE] }, currentPeriodEnd: { lte: now } },
    select: { id: true, userId: true },
    orderBy: { currentPeriodEnd: "asc" },
    take: 100,
  });
  let lapsed = 0;
  for (const { id, userId } of due) {
    const ended = await db.$transaction(async (tx) => {
      const user = await lockedAccount(tx, userId);
      // Read again under the lock: an operator's end, or another sweep, may have come first.
      const subscription = await tx.subscription.findUniqueOrThrow({ where: { id } });
      if (!LIVE.some((status) => status === subscription.status) || !subscription.currentPeriodEnd || subscription.currentPeriodEnd > now) return false;
      await endGrant(tx, subscription, "lapsed");
      const after = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { tier: true } });
      await recordAudit(tx, {
        actor: { type: "system" },
        action: "plan.lapse",
        target: { type: "user", id: userId },
        reason: "The granted plan reached its end date.",
        before: { tier: user.tier, subscriptionId: id, planId: subscription.planId, until: subscription.currentPeriodEnd.toISOString() },
        after: { tier: after.tier, subscriptionId: id, status: "canceled" },
      });
      return true;
    });
    if (ended) lapsed += 1;
  }
  return lapsed;
}

// Applies what a payment provider reports, once. Stripe's webhooks and the sandbox's confirmations
// both arrive here as the same events, so the sandbox exercises the code that real payments run.
// Each event id is recorded in the same transaction as its effect: a replay changes nothing.
// A payment event says what was charged (`paid`), and the ledger row it writes keeps it: revenue is
// what customers paid (after discounts, tax, proration, in their currency), not a plan's list price.
import "server-only";
import { grantCreditsInTransaction, type PaidAmount } from "@/lib/credits/grant";
import { db, Prisma } from "@/lib/db";
import type { BillingProvider } from "@/lib/generated/prisma/client";

interface EventBase {
  eventId: string;
  provider: BillingProvider;
}

export type BillingEvent = EventBase &
  (
    | {
        type: "subscription_paid";
        providerSubscriptionId: string;
        invoiceId: string;
        periodEnd: Date | null;
        /** What the invoice charged; null when nobody paid (a plan an operator granted). */
        paid: PaidAmount | null;
      }
    | { type: "subscription_payment_failed"; providerSubscriptionId: string }
    | { type: "subscription_ended"; providerSubscriptionId: string }
    | { type: "pack_paid"; userId: string; planId: string; paymentId: string; paid: PaidAmount | null }
  );

export interface ReplacedSubscription {
  provider: BillingProvider;
  providerSubscriptionId: string;
}

export interface EventOutcome {
  /** False for a replayed event or one about something that is not ours. */
  applied: boolean;
  /** Older subscriptions the new one replaces, to cancel with their provider. */
  replaced: ReplacedSubscription[];
}

type Tx = Prisma.TransactionClient;
const LIVE_STATUSES = ["incomplete", "active", "past_due"] as const;

async function subscriptionPaid(tx: Tx, event: Extract<BillingEvent, { type: "subscription_paid" }>): Promise<EventOutcome> {
  const subscription = await tx.subscription.findUnique({
    where: { providerSubscriptionId: event.providerSubscriptionId },
    include: { plan: true },
  });
  // A canceled subscription (replaced by a newer plan, or ended) is never brought back by a late payment.
  if (!subscription || subscription.status === "canceled") return { applied: false, replaced: [] };
  await tx.subscription.update({
    where: { id: subscription.id },
    data: { status: "active", currentPeriodEnd: event.periodEnd, canceledAt: null },
  });
  await tx.user.update({ where: { id: subscription.userId }, data: { tier: subscription.plan.tier } });
  const grantKey = `subscription:${event.provider}:${event.invoiceId}`;
  if (!(await tx.creditTransaction.findUnique({ where: { idempotencyKey: grantKey } }))) {
    await grantCreditsInTransaction(tx, {
      userId: subscription.userId,
      amount: subscription.plan.credits,
      kind: "subscription",
      operation: subscription.plan.id,
      idempotencyKey: grantKey,
      note: `${subscription.plan.name} plan: monthly credits`,
      unpaid: event.provider === "operator",
      paid: event.paid,
    });
  }
  // A user holds one plan: paying for a new one (an upgrade) ends the others.
  const others = await tx.subscription.findMany({
    where: { userId: subscription.userId, id: { not: subscription.id }, status: { in: [...LIVE_STATUSES] } },
  });
  if (others.length) {
    await tx.subscription.updateMany({
      where: { id: { in: others.map((other) => other.id) } },
      data: { status: "canceled", canceledAt: new Date() },
    });
  }
  return {
    applied: true,
    replaced: others.map((other) => ({ provider: other.provider, providerSubscriptionId: other.providerSubscriptionId })),
  };
}

async function subscriptionEnded(tx: Tx, providerSubscriptionId: string): Promise<EventOutcome> {
  const subscription = await tx.subscription.findUnique({ where: { providerSubscriptionId } });
  if (!subscription) return { applied: false, replaced: [] };
  await tx.subscription.update({
    where: { id: subscription.id },
    data: { status: "canceled", canceledAt: subscription.canceledAt ?? new Date() },
  });
  // An upgrade already moved the user to a newer plan; only the end of their last plan drops them to free.
  const stillPaying = await tx.subscription.count({ where: { userId: subscription.userId, status: { in: ["active", "past_due"] } } });
  if (!stillPaying) await tx.user.update({ where: { id: subscription.userId }, data: { tier: "free" } });
  return { applied: true, replaced: [] };
}

async function paymentFailed(tx: Tx, providerSubscriptionId: string): Promise<EventOutcome> {
  const { count } = await tx.subscription.updateMany({
    where: { providerSubscriptionId, status: "active" },
    data: { status: "past_due" },
  });
  return { applied: count > 0, replaced: [] };
}

async function packPaid(tx: Tx, event: Extract<BillingEvent, { type: "pack_paid" }>): Promise<EventOutcome> {
  const pack = await tx.plan.findUnique({ where: { id: event.planId } });
  const user = await tx.user.findUnique({ where: { id: event.userId }, select: { id: true } });
  if (!pack || pack.kind !== "credit_pack" || !user) return { applied: false, replaced: [] };
  const grantKey = `pack:${event.provider}:${event.paymentId}`;
  if (await tx.creditTransaction.findUnique({ where: { idempotencyKey: grantKey } })) return { applied: false, replaced: [] };
  await grantCreditsInTransaction(tx, {
    userId: event.userId,
    amount: pack.credits,
    kind: "purchase",
    operation: pack.id,
    idempotencyKey: grantKey,
    note: pack.name,
    paid: event.paid,
  });
  return { applied: true, replaced: [] };
}

function applyIn(tx: Tx, event: BillingEvent): Promise<EventOutcome> {
  switch (event.type) {
    case "subscription_paid":
      return subscriptionPaid(tx, event);
    case "subscription_payment_failed":
      return paymentFailed(tx, event.providerSubscriptionId);
    case "subscription_ended":
      return subscriptionEnded(tx, event.providerSubscriptionId);
    case "pack_paid":
      return packPaid(tx, event);
  }
}

/**
 * Records the event and applies it inside the caller's transaction, for an action that writes more
 * in the same transaction (an operator's plan grant and its audit row). A replay is the caller's
 * unique-key error (P2002), which rolls the whole transaction back.
 */
export async function applyBillingEventIn(tx: Tx, event: BillingEvent): Promise<EventOutcome> {
  await tx.processedWebhookEvent.create({ data: { id: event.eventId, provider: event.provider, type: event.type } });
  return applyIn(tx, event);
}

export async function applyBillingEvent(event: BillingEvent): Promise<EventOutcome> {
  try {
    return await db.$transaction((tx) => applyBillingEventIn(tx, event));
  } catch (error) {
    // The event id (or the grant's key) is already recorded: this delivery is a replay.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { applied: false, replaced: [] };
    throw error;
  }
}

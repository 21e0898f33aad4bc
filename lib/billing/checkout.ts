// Starting a payment: which plans and packs a user may buy, and with which provider.
import "server-only";
import { db } from "@/lib/db";
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { PaidTier, PaymentStart } from "@/lib/validation/billing";
import { upgradeTiersFor, subscriptionPlanForTier } from "./plans";
import { billingProvider, type BillingProvider } from "./provider";
import { cancelReplaced } from "./replace";
import { logger } from "@/lib/observability/log";

async function started(provider: BillingProvider, start: () => Promise<{ clientSecret: string }>): Promise<PaymentStart> {
  try {
    const { clientSecret } = await start();
    return { clientSecret, provider: provider.name, publishableKey: provider.publishableKey };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger("billing").error({ err: error, provider: provider.name }, "could not start a payment");
    throw new DomainError(502, "payment_provider_error", "The payment could not be started. Please try again.");
  }
}

/**
 * Ends the user's earlier checkouts that were never paid, here and at their provider, so only the
 * newest client secret can still be confirmed (at Stripe, cancelling voids the unpaid invoice).
 */
async function cancelUnpaidCheckouts(userId: string): Promise<void> {
  // One checkout start at a time per user: two at once (a double click) would otherwise update the
  // same rows in different orders and deadlock.
  const pending = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
    const rows = await tx.subscription.findMany({ where: { userId, status: "incomplete" } });
    if (rows.length)
      await tx.subscription.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "canceled", canceledAt: new Date() } });
    return rows;
  });
  if (!pending.length) return;
  await cancelReplaced(pending.map((row) => ({ provider: row.provider, providerSubscriptionId: row.providerSubscriptionId })));
}

export async function startSubscription(user: User, tier: PaidTier): Promise<PaymentStart> {
  if (!upgradeTiersFor(user.tier).includes(tier)) {
    throw new ConflictError("Your current plan already includes this one.", "plan_not_available");
  }
  const plan = await subscriptionPlanForTier(tier);
  const provider = billingProvider();
  await cancelUnpaidCheckouts(user.id);
  return started(provider, () => provider.startSubscription(user, plan));
}

export async function startPackPurchase(user: User, packId: string): Promise<PaymentStart> {
  const pack = await db.plan.findUnique({ where: { id: packId } });
  if (!pack || pack.kind !== "credit_pack" || !pack.active) throw new NotFoundError("This credit pack is not for sale.", "pack_not_found");
  if (user.tier !== pack.tier) throw new ForbiddenError("Extra credit packs are for Pro members.", "pro_only");
  const provider = billingProvider();
  return started(provider, () => provider.startPackPurchase(user, pack));
}

// Cancelling a plan. With Stripe the subscription runs to the end of the period already paid for
// and Stripe's deleted-subscription webhook then moves the user to free; the sandbox has no billing
// clock, so its plan ends at once, through the same event.
import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { stripeConfig } from "./config";
import { applyBillingEvent } from "./events";
import { stripeClient } from "./stripe-client";

export async function cancelSubscription(user: User): Promise<{ endsAt: string | null }> {
  const subscription = await db.subscription.findFirst({
    where: { userId: user.id, status: { in: ["active", "past_due"] }, canceledAt: null },
    orderBy: { createdAt: "desc" },
  });
  if (!subscription) throw new NotFoundError("You have no plan to cancel.", "no_subscription");
  if (subscription.provider === "stripe") {
    const config = stripeConfig();
    if (!config) throw new Error("A Stripe subscription cannot be cancelled without STRIPE_SECRET_KEY");
    await stripeClient(config).subscriptions.update(subscription.providerSubscriptionId, { cancel_at_period_end: true });
    await db.subscription.update({ where: { id: subscription.id }, data: { canceledAt: new Date() } });
    return { endsAt: subscription.currentPeriodEnd?.toISOString() ?? null };
  }
  await applyBillingEvent({
    type: "subscription_ended",
    eventId: `sandbox:${subscription.providerSubscriptionId}:canceled`,
    provider: "sandbox",
    providerSubscriptionId: subscription.providerSubscriptionId,
  });
  return { endsAt: null };
}

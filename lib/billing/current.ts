// The plan a user is paying for now, and what their tier gives a month, for the subscription and
// account screens.
import "server-only";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import type { CurrentSubscription } from "@/lib/validation/billing";
import { findSubscriptionPlan, toSubscriptionPlanViews } from "./plans";

/** What a paid tier gives a month when no subscription row says so (a plan granted by hand). */
async function tierPlanCredits(tier: User["tier"]): Promise<number | null> {
  if (tier === "trial" || tier === "free") return null;
  return (await findSubscriptionPlan(tier))?.credits ?? null;
}

export async function currentSubscription(user: User): Promise<CurrentSubscription> {
  const subscription = await db.subscription.findFirst({
    where: { userId: user.id, status: { in: ["active", "past_due"] } },
    orderBy: { createdAt: "desc" },
    include: { plan: true },
  });
  const [plan] = subscription ? await toSubscriptionPlanViews([subscription.plan]) : [null];
  return {
    tier: user.tier,
    plan: plan ?? null,
    monthlyCredits: plan?.credits ?? (await tierPlanCredits(user.tier)),
    status: subscription?.status ?? null,
    provider: subscription?.provider ?? null,
    renewsAt: subscription && !subscription.canceledAt ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
    endsAt: subscription?.canceledAt ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

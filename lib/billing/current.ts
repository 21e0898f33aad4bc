// The plan a user is paying for now, for the subscription and account screens.
import "server-only";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import type { CurrentSubscription } from "@/lib/validation/billing";
import { toPlanView } from "./plans";

export async function currentSubscription(user: User): Promise<CurrentSubscription> {
  const subscription = await db.subscription.findFirst({
    where: { userId: user.id, status: { in: ["active", "past_due"] } },
    orderBy: { createdAt: "desc" },
    include: { plan: true },
  });
  return {
    tier: user.tier,
    plan: subscription ? toPlanView(subscription.plan) : null,
    status: subscription?.status ?? null,
    provider: subscription?.provider ?? null,
    renewsAt: subscription && !subscription.canceledAt ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
    endsAt: subscription?.canceledAt ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

// The plans the product sells, read from the database, and which of them each tier is offered
// (spec §4: trial, free and guests see Essential and Pro; Essential sees Pro; Pro sees none).
import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Plan, Tier } from "@/lib/generated/prisma/client";
import { storageLimit } from "@/lib/gallery/limits";
import type { PlanView, SubscriptionPlanView } from "@/lib/validation/billing";

const UPGRADES: Record<Tier, Tier[]> = {
  trial: ["essential", "pro"],
  free: ["essential", "pro"],
  essential: ["pro"],
  pro: [],
};

/** The subscription tiers a user on `tier` (or a guest, null) may subscribe to. */
export function upgradeTiersFor(tier: Tier | null): Tier[] {
  return UPGRADES[tier ?? "free"];
}

export function toPlanView(plan: Plan): PlanView {
  return {
    id: plan.id,
    tier: plan.tier,
    name: plan.name,
    price: plan.priceCents / 100,
    currency: plan.currency,
    credits: plan.credits,
  };
}

/** Subscription plans with their gallery size and extra-credit pack, each read from its own rows. */
export async function toSubscriptionPlanViews(plans: Plan[]): Promise<SubscriptionPlanView[]> {
  const tiers = [...new Set(plans.map((plan) => plan.tier))];
  const packs = tiers.length
    ? await db.plan.findMany({ where: { kind: "credit_pack", active: true, tier: { in: tiers } }, orderBy: { sortOrder: "asc" } })
    : [];
  return plans.map((plan) => {
    const pack = packs.find((candidate) => candidate.tier === plan.tier);
    return {
      ...toPlanView(plan),
      savedImages: storageLimit(plan.tier),
      extraPack: pack ? { credits: pack.credits, price: pack.priceCents / 100, currency: pack.currency } : null,
    };
  });
}

export async function plansOfferedTo(tier: Tier | null): Promise<SubscriptionPlanView[]> {
  const plans = await db.plan.findMany({
    where: { kind: "subscription", active: true, tier: { in: upgradeTiersFor(tier) } },
    orderBy: { sortOrder: "asc" },
  });
  return toSubscriptionPlanViews(plans);
}

/** The plan a tier is sold as, or null when none is for sale. */
export function findSubscriptionPlan(tier: Tier): Promise<Plan | null> {
  return db.plan.findFirst({ where: { kind: "subscription", active: true, tier }, orderBy: { sortOrder: "asc" } });
}

export async function subscriptionPlanForTier(tier: Tier): Promise<Plan> {
  const plan = await findSubscriptionPlan(tier);
  if (!plan) throw new NotFoundError(`There is no ${tier} plan for sale.`, "plan_not_found");
  return plan;
}

/** Credit packs a user may buy: the extra-credit pack is for Pro members only. */
export async function creditPacksOfferedTo(tier: Tier | null): Promise<PlanView[]> {
  if (!tier) return [];
  const packs = await db.plan.findMany({ where: { kind: "credit_pack", active: true, tier }, orderBy: { sortOrder: "asc" } });
  return packs.map(toPlanView);
}

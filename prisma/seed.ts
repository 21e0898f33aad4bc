// npm run db:seed — writes the plans the product sells. Safe to run again: it upserts by id.
import { createPrismaClient } from "../lib/db/create-client";
import type { PlanKind, Tier } from "../lib/generated/prisma/client";

interface PlanSeed {
  id: string;
  kind: PlanKind;
  tier: Tier;
  name: string;
  priceCents: number;
  credits: number;
  sortOrder: number;
}

// Pro grants 175 credits a month: the spec's plan list says 175, one upsell text says 180.
export const PLAN_SEEDS: PlanSeed[] = [
  { id: "essential", kind: "subscription", tier: "essential", name: "Essential", priceCents: 699, credits: 60, sortOrder: 1 },
  { id: "pro", kind: "subscription", tier: "pro", name: "Pro", priceCents: 999, credits: 175, sortOrder: 2 },
  { id: "pro_credit_pack", kind: "credit_pack", tier: "pro", name: "60 extra credits", priceCents: 299, credits: 60, sortOrder: 3 },
];

export async function seed(databaseUrl: string): Promise<void> {
  const db = createPrismaClient(databaseUrl);
  try {
    for (const plan of PLAN_SEEDS) {
      await db.plan.upsert({ where: { id: plan.id }, create: plan, update: plan });
    }
  } finally {
    await db.$disconnect();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set.");
    process.exit(1);
  }
  seed(url)
    .then(() => console.log(`Seeded ${PLAN_SEEDS.length} plans.`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

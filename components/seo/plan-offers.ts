// The subscription plans a visitor can buy, as schema.org Offers for the pages' structured data. Read
// from the plans table (the rows the subscription screen sells), never retyped. Pages are built ahead
// of time: where a build runs without a database (a container image's build), the pages carry no
// offers rather than failing the build or guessing prices.
import "server-only";
import { plansOfferedTo } from "@/lib/billing/plans";
import type { PlanView } from "@/lib/validation/billing";

let warned = false;

export async function purchasablePlans(): Promise<PlanView[]> {
  try {
    return await plansOfferedTo(null);
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn(`Structured data lists no offers: the plans could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    return [];
  }
}

export interface SchemaOffer {
  "@type": "Offer";
  name: string;
  price: string;
  priceCurrency: string;
  url: string;
  category: "subscription";
}

export function planOffers(plans: PlanView[], url: string): SchemaOffer[] {
  return plans.map((plan) => ({
    "@type": "Offer",
    name: plan.name,
    price: plan.price.toFixed(2),
    priceCurrency: plan.currency.toUpperCase(),
    url,
    category: "subscription",
  }));
}

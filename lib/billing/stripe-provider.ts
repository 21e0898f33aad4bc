// Card payments through Stripe. A subscription is created unpaid ("default_incomplete") and the
// browser confirms its first invoice with the Payment Element; the paid-invoice webhook then grants
// the plan. Unless a plan names its Stripe price, the price is found by a lookup key made of the
// plan's id, currency and amount (created the first time), so the amount charged is always the one
// the database shows, in whichever Stripe account the key belongs to.
import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import type { Plan, User } from "@/lib/generated/prisma/client";
import { displayName } from "@/lib/auth/users";
import type { StripeConfig } from "./config";
import type { BillingProvider } from "./billing-provider";
import { stripeClient } from "./stripe-client";

export const CREDIT_PACK_METADATA_KIND = "credit_pack";

async function customerFor(stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, name: displayName(user), metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await db.user.update({ where: { id: user.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

async function priceFor(stripe: Stripe, plan: Plan): Promise<string> {
  if (plan.stripePriceId) return plan.stripePriceId;
  const lookupKey = `pictura_${plan.id}_${plan.currency}_${plan.priceCents}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price =
    found.data[0] ??
    (await stripe.prices.create(
      {
        currency: plan.currency,
        unit_amount: plan.priceCents,
        recurring: { interval: "month" },
        lookup_key: lookupKey,
        product_data: { name: `Pictura ${plan.name}` },
      },
      { idempotencyKey: `price-${lookupKey}` },
    ));
  return price.id;
}

export function stripeBilling(config: StripeConfig): BillingProvider {
  const stripe = stripeClient(config);
  return {
    name: "stripe",
    publishableKey: config.publishableKey,
    async startSubscription(user, plan) {
      const customer = await customerFor(stripe, user);
      const price = await priceFor(stripe, plan);
      const subscription = await stripe.subscriptions.create({
        customer,
        items: [{ price }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        expand: ["latest_invoice.confirmation_secret"],
        metadata: { userId: user.id, planId: plan.id },
      });
      const invoice = subscription.latest_invoice;
      const clientSecret = invoice && typeof invoice !== "string" ? invoice.confirmation_secret?.client_secret : undefined;
      if (!clientSecret) throw new Error(`Stripe returned subscription ${subscription.id} without a payment to confirm`);
      await db.subscription.create({
        data: { userId: user.id, planId: plan.id, provider: "stripe", providerSubscriptionId: subscription.id, status: "incomplete" },
      });
      return { clientSecret };
    },
    async startPackPurchase(user, pack) {
      const customer = await customerFor(stripe, user);
      const intent = await stripe.paymentIntents.create({
        amount: pack.priceCents,
        currency: pack.currency,
        customer,
        automatic_payment_methods: { enabled: true },
        description: `Pictura: ${pack.name}`,
        metadata: { kind: CREDIT_PACK_METADATA_KIND, userId: user.id, planId: pack.id },
      });
      if (!intent.client_secret) throw new Error(`Stripe returned payment ${intent.id} without a client secret`);
      return { clientSecret: intent.client_secret };
    },
    async cancelSubscription(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId);
    },
  };
}

// One interface for taking payments, with Stripe and the sandbox behind it.
import "server-only";
import type { BillingProvider as ProviderName, Plan, User } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { billingMode, stripeConfig } from "./config";
import { sandboxBilling } from "./sandbox-provider";
import { stripeBilling } from "./stripe-provider";

export interface BillingProvider {
  name: ProviderName;
  /** The publishable key the browser's payment form needs (Stripe only). */
  publishableKey: string | null;
  /** Creates an unpaid subscription and returns the client secret that confirms its first payment. */
  startSubscription(user: User, plan: Plan): Promise<{ clientSecret: string }>;
  /** Starts a one-off payment for a credit pack. */
  startPackPurchase(user: User, pack: Plan): Promise<{ clientSecret: string }>;
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
}

export class PaymentsUnavailableError extends DomainError {
  constructor() {
    super(409, "payments_unavailable", "Payment is not available on this site right now.");
  }
}

export function billingProvider(): BillingProvider {
  const config = stripeConfig();
  if (config) return stripeBilling(config);
  if (billingMode() === "sandbox") return sandboxBilling;
  throw new PaymentsUnavailableError();
}

/** The provider that holds an existing subscription, if it is still configured. */
export function providerNamed(name: ProviderName): BillingProvider | null {
  if (name === "sandbox") return sandboxBilling;
  const config = stripeConfig();
  return config ? stripeBilling(config) : null;
}

// Picks how payments are taken: Stripe when it is configured, else the sandbox (or none at all).
import "server-only";
import type { BillingProvider as ProviderName } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import type { BillingProvider } from "./billing-provider";
import { billingMode, stripeConfig } from "./config";
import { operatorGrants } from "./operator-grants";
import { sandboxBilling } from "./sandbox-provider";
import { stripeBilling } from "./stripe-provider";

export type { BillingProvider };

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

/** What ends an existing subscription where it is held. */
export type SubscriptionHolder = Pick<BillingProvider, "cancelSubscription">;

/** The provider that holds an existing subscription, if it is still configured. */
export function providerNamed(name: ProviderName): SubscriptionHolder | null {
  if (name === "sandbox") return sandboxBilling;
  if (name === "operator") return operatorGrants;
  const config = stripeConfig();
  return config ? stripeBilling(config) : null;
}

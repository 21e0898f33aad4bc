// Picks how payments are taken: Stripe when it is configured, else the sandbox (or none at all).
import "server-only";
import type { BillingProvider as ProviderName } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import type { BillingProvider } from "./billing-provider";
import { billingMode, stripeConfig } from "./config";
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

/** The provider that holds an existing subscription, if it is still configured. */
export function providerNamed(name: ProviderName): BillingProvider | null {
  if (name === "sandbox") return sandboxBilling;
  const config = stripeConfig();
  return config ? stripeBilling(config) : null;
}

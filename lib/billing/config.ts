// The payment provider's settings: Stripe's keys when STRIPE_SECRET_KEY is set, and which mode runs
// (lib/billing/mode.ts). A preview never holds a live Stripe key (lib/env.ts refuses to start with one),
// so its Stripe, if any, is Stripe's test mode. Read at call time so a deployment (or a test) can
// switch by environment alone.
import "server-only";
import { env, isProduction } from "@/lib/env";
import { billingModeOf, type BillingMode } from "./mode";

export type { BillingMode };

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Where Stripe's API lives; a local fake in tests (STRIPE_API_BASE=http://127.0.0.1:port). */
  apiBase: URL | null;
}

export function stripeConfig(): StripeConfig | null {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    apiBase: config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null,
  };
}

export function billingMode(): BillingMode {
  return billingModeOf();
}

/** Whether every page must say that payments are not real: the sandbox switched on in production. */
export function sandboxNoticeRequired(): boolean {
  return billingMode() === "sandbox" && isProduction();
}

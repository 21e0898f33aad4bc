// Which payment provider runs: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox. Read at
// call time so a deployment (or a test) can switch by environment alone.
import "server-only";

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Where Stripe's API lives; a local fake in tests (STRIPE_API_BASE=http://127.0.0.1:port). */
  apiBase: URL | null;
}

const value = (name: string) => process.env[name]?.trim() || null;

export function stripeConfig(): StripeConfig | null {
  const secretKey = value("STRIPE_SECRET_KEY");
  if (!secretKey) return null;
  const apiBase = value("STRIPE_API_BASE");
  return {
    secretKey,
    publishableKey: value("STRIPE_PUBLISHABLE_KEY"),
    webhookSecret: value("STRIPE_WEBHOOK_SECRET"),
    apiBase: apiBase ? new URL(apiBase) : null,
  };
}

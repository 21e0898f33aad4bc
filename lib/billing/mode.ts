// Which payment mode runs: Stripe when STRIPE_SECRET_KEY is set; otherwise the sandbox, which charges
// nothing, where the site settings allow it (outside production, with BILLING_SANDBOX=true, or in a
// preview of a change); otherwise no payments at all. Decided in lib/settings/site.ts, which needs no
// secret, so the server, the build that prerenders pages and next.config.ts (which compares the two)
// all see the same answer; lib/env.ts validates the same variables.
import { siteSettings, type PaymentMode } from "../settings/site";

export type BillingMode = PaymentMode;

export function billingModeOf(): BillingMode {
  return siteSettings().payments;
}

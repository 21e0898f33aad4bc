// Which payment mode runs: Stripe when STRIPE_SECRET_KEY is set; otherwise the sandbox, which charges
// nothing — outside production always, in production only when BILLING_SANDBOX=true says so on
// purpose or in a preview of a change; otherwise no payments at all. Read from the environment as it
// is, so the server, the build that prerenders pages and next.config.ts (which compares the two) all
// see the same answer; lib/env.ts validates the same variables.
import { isPreview } from "../preview/mode";

export type BillingMode = "stripe" | "sandbox" | "unavailable";

export function billingModeOf(): BillingMode {
  if (process.env.STRIPE_SECRET_KEY?.trim()) return "stripe";
  if (process.env.NODE_ENV !== "production" || process.env.BILLING_SANDBOX?.trim() === "true" || isPreview()) return "sandbox";
  return "unavailable";
}

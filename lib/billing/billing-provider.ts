// What every way of taking payments offers (Stripe, the sandbox). Its own module so the providers
// implement it without importing provider.ts, which picks one of them.
import type { BillingProvider as ProviderName, Plan, User } from "@/lib/generated/prisma/client";

export interface BillingProvider {
  /** A way of taking payments; a plan granted from the console (`operator`) takes none. */
  name: Exclude<ProviderName, "operator">;
  /** The publishable key the browser's payment form needs (Stripe only). */
  publishableKey: string | null;
  /** Creates an unpaid subscription and returns the client secret that confirms its first payment. */
  startSubscription(user: User, plan: Plan): Promise<{ clientSecret: string }>;
  /** Starts a one-off payment for a credit pack. */
  startPackPurchase(user: User, pack: Plan): Promise<{ clientSecret: string }>;
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
}

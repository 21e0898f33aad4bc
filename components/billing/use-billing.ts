"use client";
// Plans, packs and the current subscription, and the calls that start and confirm a payment.
import { useQuery } from "@tanstack/react-query";
import { useCurrentUser } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { BillingMode } from "@/lib/billing/config";
import type { CurrentSubscription, PaidTier, PaymentStart, PlanView, SandboxCard, SubscriptionPlanView } from "@/lib/validation/billing";

export const billingKeys = {
  plans: (userId: string | null) => ["billing", "plans", userId ?? "guest"] as const,
  packs: (userId: string | null) => ["billing", "packs", userId ?? "guest"] as const,
  current: (userId: string) => ["billing", "current", userId] as const,
  mode: ["billing", "mode"] as const,
};

/**
 * How payments run on this site: Stripe, the sandbox, or not at all. `rendered` is what the page was
 * rendered with; it stands in until the answer comes, so a notice that depends on it does not appear
 * late and push the page down.
 */
export function useBillingMode(rendered?: BillingMode) {
  return useQuery({
    queryKey: billingKeys.mode,
    queryFn: () => apiRequest<{ payments: BillingMode }>("GET", "/api/billing/mode"),
    placeholderData: rendered ? { payments: rendered } : undefined,
  });
}

export function usePlans() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: billingKeys.plans(user?.id ?? null),
    queryFn: async () => {
      try {
        return await apiRequest<SubscriptionPlanView[]>("GET", "/api/subscription/plans");
      } catch (error) {
        // Spec §7: a failure to load plans is only logged; the screen shows what it can.
        console.error("Loading plans failed", error);
        return [];
      }
    },
  });
}

export function useCreditPacks() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: billingKeys.packs(user?.id ?? null),
    queryFn: () => apiRequest<PlanView[]>("GET", "/api/credits/packs"),
    enabled: user?.tier === "pro",
  });
}

export function useCurrentSubscription() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: billingKeys.current(user?.id ?? ""),
    queryFn: () => apiRequest<CurrentSubscription>("GET", "/api/subscription/current"),
    enabled: Boolean(user),
  });
}

export const startSubscription = (tier: PaidTier) => apiRequest<PaymentStart>("POST", "/api/create-subscription", { tier });
export const startPackPurchase = (packId: string) => apiRequest<PaymentStart>("POST", "/api/create-payment-intent", { packId });
export const confirmSandboxPayment = (clientSecret: string, card: SandboxCard) =>
  apiRequest<{ status: string }>("POST", "/api/billing/sandbox/confirm", { clientSecret, card });

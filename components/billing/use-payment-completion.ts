"use client";
// After a confirmed payment: the sandbox has already applied it, Stripe applies it when its webhook
// arrives a moment later. Reload the account until the change shows (or give up after ~20 s).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { cachedUser } from "@/components/auth/use-auth";
import { refreshAccount } from "@/components/credits/credit-keys";
import type { PublicUser } from "@/lib/validation/auth";
import type { BillingProviderName } from "@/lib/validation/billing";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function usePaymentCompletion() {
  const queryClient = useQueryClient();
  return useCallback(
    async (provider: BillingProviderName, applied: (user: PublicUser) => boolean): Promise<void> => {
      const attempts = provider === "sandbox" ? 1 : 20;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (attempt > 0) await sleep(1000);
        await refreshAccount(queryClient);
        const user = cachedUser(queryClient);
        if (user && applied(user)) return;
      }
    },
    [queryClient],
  );
}

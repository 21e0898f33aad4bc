"use client";
// Payment methods that leave the site (bank redirects, 3-D Secure pages) come back to the site's
// origin with Stripe's `redirect_status`: say how it went, refresh the account, and tidy the URL.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { refreshAccount } from "@/components/credits/credit-keys";
import { toast } from "@/components/ui/toaster";

const STRIPE_RETURN_PARAMS = ["redirect_status", "payment_intent", "payment_intent_client_secret", "setup_intent", "setup_intent_client_secret"];

export function PaymentReturnNotice() {
  const t = useTranslations("Billing");
  const queryClient = useQueryClient();
  useEffect(() => {
    const url = new URL(window.location.href);
    const status = url.searchParams.get("redirect_status");
    if (!status) return;
    for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", url);
    if (status === "succeeded" || status === "processing") {
      toast.success(t("successTitle"), { description: t("paymentReceived") });
      // The webhook may land a moment after the redirect.
      void refreshAccount(queryClient);
      setTimeout(() => void refreshAccount(queryClient), 3000);
    } else {
      toast.error(t("paymentFailed"), { description: t("paymentFailedFallback") });
    }
  }, [t, queryClient]);
  return null;
}

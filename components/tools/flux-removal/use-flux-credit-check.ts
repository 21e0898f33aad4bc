"use client";
// Flux removal's own credit check (spec §8): it asks the server for the balance rather than trusting
// the cached one, refuses below 1 credit (guests have none), and when the session has expired it
// says so and sends the browser to sign in again after 500 ms.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { currentUserKey, useCurrentUser } from "@/components/auth/use-auth";
import { toast } from "@/components/ui/toaster";
import { ApiError, apiRequest } from "@/lib/api/client";
import { toolById } from "@/lib/tools/registry";
import type { PublicUser } from "@/lib/validation/auth";

export const FLUX_LOGIN_DELAY_MS = 500;

export function useFluxCreditCheck(returnTo: string) {
  const t = useTranslations("FluxRemoval");
  const tc = useTranslations("Common");
  const ti = useTranslations("Imaging");
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useCallback(async (): Promise<boolean> => {
    const need = toolById("fluxRemoval").cost;
    const refuse = () => {
      toast.error(t("insufficientTitle"), { description: t("needCredit") });
      return false;
    };
    if (!user) return refuse();
    let credits: number;
    try {
      credits = (await apiRequest<{ credits: number }>("GET", "/api/credits/balance")).credits;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(t("unauthorizedTitle"), { description: t("unauthorizedBody") });
        // A full-page request to the sign-in redirect route, not a page: the router does not apply.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        setTimeout(() => window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`), FLUX_LOGIN_DELAY_MS);
        return false;
      }
      if (error instanceof ApiError) {
        toast.error(tc("error"), { description: error.serverMessage ?? t("failed") });
        return false;
      }
      // Offline or the balance call unreachable: the removal call would fail the same way.
      toast.error(tc("error"), { description: ti("network") });
      return false;
    }
    // The header shows the balance the server just gave.
    queryClient.setQueryData<PublicUser | null>(currentUserKey, (current) => (current ? { ...current, credits } : current));
    return credits >= need ? true : refuse();
  }, [queryClient, returnTo, t, tc, ti, user]);
}

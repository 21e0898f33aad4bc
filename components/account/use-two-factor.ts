"use client";
// The account's two-step sign-in calls: whether it is on, starting the setup (the secret and its QR
// code), confirming it with the app's first code (the recovery codes come back once) and turning it off.
// The two calls that take a code say what went wrong beside the code field, where the person is
// typing, so they do not raise the section's failure toast as the other account calls do.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import type { DisableTwoFactorInput, TwoFactorEnrolment, TwoFactorStatus } from "@/lib/validation/two-factor";
import { useAccountCall } from "./use-account-call";

export const twoFactorKey = ["account", "two-factor"] as const;

const PATH = "/api/account/two-factor";

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => apiRequest<TwoFactorStatus>("GET", PATH) });
}

export function useStartTwoFactor() {
  return useAccountCall({
    t: useTranslations("TwoFactor"),
    call: () => apiRequest<TwoFactorEnrolment>("POST", `${PATH}/enrolment`),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<{ recoveryCodes: string[] }>("POST", `${PATH}/confirmation`, { code }),
    // It is on from now: the section must not show "off" for a moment while the status loads again.
    onSuccess: ({ recoveryCodes }) => {
      queryClient.setQueryData<TwoFactorStatus>(twoFactorKey, { enabled: true, recoveryCodesLeft: recoveryCodes.length });
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

export function useTurnOffTwoFactor() {
  const t = useTranslations("TwoFactor");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => apiRequest<unknown>("DELETE", PATH, input),
    onSuccess: () => {
      toast.success(t("turnedOffTitle"), { description: t("turnedOffBody") });
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

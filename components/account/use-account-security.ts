"use client";
// The account's security calls: signed-in sessions, password change and reset, address verification.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { needsSecondStep, showSignedIn, type SecondStepNeeded } from "@/components/auth/use-auth";
import { toast } from "@/components/ui/toaster";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/navigation";
import type { ChangePasswordInput, PublicUser, ResetPasswordInput, SessionView } from "@/lib/validation/auth";
import { useAccountCall, useAccountList } from "./use-account-call";

export const sessionsKey = ["auth", "sessions"] as const;

export function useSessions() {
  return useAccountList(sessionsKey, "/api/auth/sessions", (answer: { sessions: SessionView[] }) => answer.sessions);
}

export function useEndSession() {
  const router = useRouter();
  return useAccountCall({
    t: useTranslations("AccountSecurity"),
    call: (session: SessionView) => apiRequest<unknown>("DELETE", `/api/auth/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (_result, session, { t, queryClient }) => {
      toast.success(t("sessionEndedTitle"));
      if (!session.current) return void queryClient.invalidateQueries({ queryKey: sessionsKey });
      // This browser's own session: it is signed out, as by the sign-out button.
      showSignedIn(queryClient, null);
      router.replace("/");
    },
  });
}

export function useEndOtherSessions() {
  return useAccountCall({
    t: useTranslations("AccountSecurity"),
    call: () => apiRequest<{ ended: number }>("DELETE", "/api/auth/sessions"),
    refresh: sessionsKey,
    onSuccess: ({ ended }, _input, { t }) => toast.success(t("othersEndedTitle"), { description: t("othersEndedBody", { count: ended }) }),
  });
}

export function useChangePassword() {
  return useAccountCall({
    t: useTranslations("AccountSecurity"),
    call: (input: ChangePasswordInput) => apiRequest<{ endedSessions: number }>("POST", "/api/auth/change-password", input),
    refresh: sessionsKey,
    onSuccess: (_result, _input, { t }) => toast.success(t("passwordChangedTitle"), { description: t("passwordChangedBody") }),
  });
}

export function useResendVerification(email: string) {
  return useAccountCall({
    t: useTranslations("AccountSecurity"),
    call: () => apiRequest<unknown>("POST", "/api/auth/verify-email/resend"),
    onSuccess: (_result, _input, { t }) => toast.success(t("resentTitle"), { description: t("resentBody", { email }) }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => apiRequest<unknown>("POST", "/api/auth/forgot-password", { email }) });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest<PublicUser | SecondStepNeeded>("POST", "/api/auth/reset-password", input),
    // An account with two-step sign-in is signed in only after its code.
    onSuccess: (user) => {
      if (!needsSecondStep(user)) showSignedIn(queryClient, user);
    },
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => apiRequest<{ verified: boolean; email: string }>("POST", "/api/auth/verify-email", { token }) });
}

"use client";
// The account's security calls: signed-in sessions, password change and reset, address verification.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { currentUserKey } from "@/components/auth/use-auth";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/navigation";
import type { ChangePasswordInput, PublicUser, ResetPasswordInput, SessionView } from "@/lib/validation/auth";

export const sessionsKey = ["auth", "sessions"] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await apiRequest<{ sessions: SessionView[] }>("GET", "/api/auth/sessions")).sessions,
  });
}

function useFailureToast() {
  const t = useTranslations("AccountSecurity");
  const describe = useErrorMessage();
  return (error: unknown) => toast.error(t("failed"), { description: describe(error) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const t = useTranslations("AccountSecurity");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (session: SessionView) => apiRequest<unknown>("DELETE", `/api/auth/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (_result, session) => {
      toast.success(t("sessionEndedTitle"));
      if (!session.current) return void queryClient.invalidateQueries({ queryKey: sessionsKey });
      // This browser's own session: it is signed out, as by the sign-out button.
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(currentUserKey) });
      router.replace("/");
    },
    onError,
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  const t = useTranslations("AccountSecurity");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>("DELETE", "/api/auth/sessions"),
    onSuccess: ({ ended }) => {
      toast.success(t("othersEndedTitle"), { description: t("othersEndedBody", { count: ended }) });
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  const t = useTranslations("AccountSecurity");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<{ endedSessions: number }>("POST", "/api/auth/change-password", input),
    onSuccess: () => {
      toast.success(t("passwordChangedTitle"), { description: t("passwordChangedBody") });
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError,
  });
}

export function useResendVerification(email: string) {
  const t = useTranslations("AccountSecurity");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: () => apiRequest<unknown>("POST", "/api/auth/verify-email/resend"),
    onSuccess: () => toast.success(t("resentTitle"), { description: t("resentBody", { email }) }),
    onError,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => apiRequest<unknown>("POST", "/api/auth/forgot-password", { email }) });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest<PublicUser>("POST", "/api/auth/reset-password", input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(currentUserKey) });
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => apiRequest<{ verified: boolean; email: string }>("POST", "/api/auth/verify-email", { token }) });
}

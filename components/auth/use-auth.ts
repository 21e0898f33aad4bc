"use client";
// The signed-in user and the calls that change it. Signing out empties every cached query.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import type { LoginInput, PublicUser, RegisterInput } from "@/lib/validation/auth";
import { useErrorMessage } from "./use-error-message";

export const currentUserKey = ["auth", "user"] as const;

const currentUserQuery = {
  queryKey: currentUserKey,
  queryFn: () => apiRequest<PublicUser | null>("GET", "/api/auth/user"),
  retry: false,
} as const;

/**
 * The user as the cache holds them now (null signed out, undefined not known yet). For code that acts
 * on the user when something happens, without re-rendering when the session answer arrives.
 */
export function cachedUser(queryClient: QueryClient): PublicUser | null | undefined {
  return queryClient.getQueryData<PublicUser | null>(currentUserKey);
}

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

const isSignedIn = (user: PublicUser | null) => user !== null;

/**
 * Whether someone is signed in: false until the session is known. Its answer starts as a guest's, so
 * a guest's screen is not drawn again when the session answer arrives; it changes when someone is.
 */
export function useSignedIn(): boolean {
  return useQuery({ ...currentUserQuery, select: isSignedIn, placeholderData: null }).data ?? false;
}

export function useLogin() {
  const queryClient = useQueryClient();
  const t = useTranslations("Toasts");
  const describe = useErrorMessage();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<PublicUser>("POST", "/api/auth/login", input),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success(t("welcomeBackTitle"), { description: t("welcomeBackBody") });
    },
    onError: (error) => toast.error(t("loginFailed"), { description: describe(error) }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const t = useTranslations("Toasts");
  const describe = useErrorMessage();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<PublicUser>("POST", "/api/auth/register", input),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success(t("welcomeTitle"), { description: t("welcomeBody") });
    },
    onError: (error) => toast.error(t("registrationFailed"), { description: describe(error) }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const t = useTranslations("Toasts");
  const describe = useErrorMessage();
  return useMutation({
    mutationFn: () => apiRequest<unknown>("POST", "/api/auth/logout"),
    onSuccess: () => {
      // Clearing the whole cache would detach the mounted user query from it; empty everything else instead.
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(currentUserKey) });
      toast.success(t("signedOutTitle"), { description: t("signedOutBody") });
    },
    onError: (error) => toast.error(t("logoutFailed"), { description: describe(error) }),
  });
}

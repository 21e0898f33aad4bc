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

/**
 * Shows `user` as the one signed in (null: nobody) and empties every other cached query, which
 * belonged to whoever was signed in before. Clearing the whole cache would detach the mounted user
 * query from it; everything else is emptied instead.
 */
export function showSignedIn(queryClient: QueryClient, user: PublicUser | null) {
  queryClient.setQueryData(currentUserKey, user);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(currentUserKey) });
}

/** What a first factor answers for an account with two-step sign-in: no user yet, a code to ask for. */
export interface SecondStepNeeded {
  twoFactorRequired: true;
}

export const needsSecondStep = (answer: PublicUser | SecondStepNeeded | null): answer is SecondStepNeeded => answer !== null && "twoFactorRequired" in answer;

/**
 * A call that changes who is signed in, with its toasts (keys in the Toasts namespace). A first factor
 * that needs a second step changes nothing yet: the form asks for the code.
 */
function useSessionCall<Input>(
  call: (input: Input) => Promise<PublicUser | SecondStepNeeded | null>,
  toasts: { title: string; body: string; failed: string },
  forgetOthers = false,
) {
  const queryClient = useQueryClient();
  const t = useTranslations("Toasts");
  const describe = useErrorMessage();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      if (needsSecondStep(user)) return;
      if (forgetOthers) showSignedIn(queryClient, user);
      else queryClient.setQueryData(currentUserKey, user);
      toast.success(t(toasts.title), { description: t(toasts.body) });
    },
    onError: (error) => toast.error(t(toasts.failed), { description: describe(error) }),
  });
}

export function useLogin() {
  return useSessionCall((input: LoginInput) => apiRequest<PublicUser | SecondStepNeeded>("POST", "/api/auth/login", input), {
    title: "welcomeBackTitle",
    body: "welcomeBackBody",
    failed: "loginFailed",
  });
}

/** The second step of a sign-in: a code or a recovery code for the challenge the first step set. */
export function useSecondStep() {
  return useSessionCall((input: { code: string }) => apiRequest<PublicUser>("POST", "/api/auth/two-factor", input), {
    title: "welcomeBackTitle",
    body: "welcomeBackBody",
    failed: "loginFailed",
  });
}

export function useRegister() {
  return useSessionCall((input: RegisterInput) => apiRequest<PublicUser>("POST", "/api/auth/register", input), {
    title: "welcomeTitle",
    body: "welcomeBody",
    failed: "registrationFailed",
  });
}

export function useLogout() {
  return useSessionCall<void>(
    async () => {
      await apiRequest<unknown>("POST", "/api/auth/logout");
      return null;
    },
    { title: "signedOutTitle", body: "signedOutBody", failed: "logoutFailed" },
    true,
  );
}

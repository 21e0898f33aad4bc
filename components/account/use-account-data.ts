"use client";
// The account's own data: what deleting it would take away, and the deletion itself, which signs out.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showSignedIn } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { AccountSummary } from "@/lib/validation/account";

export const EXPORT_URL = "/api/account/export";

export function useAccountSummary(enabled: boolean) {
  return useQuery({
    queryKey: ["account", "summary"],
    queryFn: () => apiRequest<AccountSummary>("GET", "/api/account"),
    enabled,
    // What the confirm names must be what is there now, not when the page opened.
    staleTime: 0,
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string | undefined) => apiRequest<unknown>("DELETE", "/api/account", password === undefined ? {} : { password }),
    onSuccess: () => showSignedIn(queryClient, null),
  });
}

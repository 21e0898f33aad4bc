"use client";
// Credit data for the screens: the status, the ledger a page at a time, and the refresh every paid
// action ends with (the header's balance comes from the current user).
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { currentUserKey, useCurrentUser } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { CreditStatus, CreditTransactionPage } from "@/lib/validation/credits";

export const creditKeys = {
  all: ["credits"] as const,
  status: ["credits", "status"] as const,
  balance: ["credits", "balance"] as const,
  transactions: ["credits", "transactions"] as const,
};

export function useCreditStatus() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...creditKeys.status, user?.id ?? "guest"],
    queryFn: () => apiRequest<CreditStatus>("GET", "/api/credits/status"),
  });
}

export function useCreditTransactions(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...creditKeys.transactions, pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<CreditTransactionPage>(
        "GET",
        `/api/credits/transactions?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Reloads everything that shows a balance, a tier or a plan. */
export async function refreshAccount(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserKey }),
    queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["billing"] }),
  ]);
}

export function useRefreshAccount(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshAccount(queryClient), [queryClient]);
}

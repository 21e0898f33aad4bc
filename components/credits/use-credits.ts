"use client";
// Credit data for the screens: the ledger a page at a time, and the refresh every paid action ends
// with (balances shown come from the current user).
import { useInfiniteQuery, type QueryClient } from "@tanstack/react-query";
import { currentUserKey } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { CreditTransactionPage } from "@/lib/validation/credits";

export const creditKeys = {
  all: ["credits"] as const,
  status: ["credits", "status"] as const,
  balance: ["credits", "balance"] as const,
  transactions: ["credits", "transactions"] as const,
};

export function useCreditTransactions(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...creditKeys.transactions, pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<CreditTransactionPage>("GET", `/api/credits/transactions?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
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

"use client";
// The credit ledger for the screens that list it, a page at a time.
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { CreditTransactionPage } from "@/lib/validation/credits";
import { creditKeys } from "./credit-keys";

export function useCreditTransactions(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...creditKeys.transactions, pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<CreditTransactionPage>("GET", `/api/credits/transactions?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (page) => page.nextCursor,
  });
}

// The cache keys of credit data, and the refresh every paid action ends with (balances shown come
// from the current user). Apart from the ledger's paged query, which only the screens that list it load.
import type { QueryClient } from "@tanstack/react-query";
import { currentUserKey } from "@/components/auth/use-auth";

export const creditKeys = {
  all: ["credits"] as const,
  status: ["credits", "status"] as const,
  balance: ["credits", "balance"] as const,
  transactions: ["credits", "transactions"] as const,
};

/** Reloads everything that shows a balance, a tier or a plan. */
export async function refreshAccount(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserKey }),
    queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["billing"] }),
  ]);
}

"use client";
// The wiring every account call shares: a list is one GET, and a change shows the section's
// "failed" toast with the reason when it fails, may say so when it works, and fetches the list it
// changed again.
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";

/** A list the account page shows: `pick` takes it from the answer of one GET. */
export function useAccountList<Answer, Item>(queryKey: QueryKey, path: string, pick: (answer: Answer) => Item[], enabled = true) {
  return useQuery({
    queryKey,
    queryFn: async () => pick(await apiRequest<Answer>("GET", path)),
    enabled,
  });
}

type Translate = ReturnType<typeof useTranslations>;

interface AccountCall<Input, Result> {
  /**
   * The section's messages, as `useTranslations("…")` with the namespace written out (the page's
   * message list is checked against those calls): its `failed` key titles a failure's toast.
   */
  t: Translate;
  call: (input: Input) => Promise<Result>;
  /** The query to fetch again once the call has worked. */
  refresh?: QueryKey;
  /** What else a success brings, usually a toast worded in the section's namespace. */
  onSuccess?: (result: Result, input: Input, context: { t: Translate; queryClient: QueryClient }) => void;
}

export function useAccountCall<Input = void, Result = unknown>({ t, call, refresh, onSuccess }: AccountCall<Input, Result>) {
  const queryClient = useQueryClient();
  const describe = useErrorMessage();
  return useMutation({
    mutationFn: call,
    onSuccess: (result, input) => {
      onSuccess?.(result, input, { t, queryClient });
      if (refresh) void queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error) => toast.error(t("failed"), { description: describe(error) }),
  });
}

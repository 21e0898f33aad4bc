"use client";
// The account's API keys: the list, creating one (its key comes back once) and revoking one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import type { ApiKeyView, CreatedApiKey } from "@/lib/validation/api-keys";

export const apiKeysKey = ["account", "api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async () => (await apiRequest<{ keys: ApiKeyView[] }>("GET", "/api/keys")).keys,
  });
}

function useFailureToast() {
  const t = useTranslations("ApiKeys");
  const describe = useErrorMessage();
  return (error: unknown) => toast.error(t("failed"), { description: describe(error) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedApiKey>("POST", "/api/keys", { name }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
    onError,
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const t = useTranslations("ApiKeys");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (key: ApiKeyView) => apiRequest<unknown>("DELETE", `/api/keys/${encodeURIComponent(key.id)}`),
    onSuccess: (_result, key) => {
      toast.success(t("revokedTitle"), { description: t("revokedBody", { name: key.name }) });
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError,
  });
}

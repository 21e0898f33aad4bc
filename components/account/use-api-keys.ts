"use client";
// The account's API keys: the list, creating one (its key comes back once) and revoking one.
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/api/client";
import type { ApiKeyView, CreatedApiKey } from "@/lib/validation/api-keys";
import { toast } from "@/components/ui/toaster";
import { useAccountCall, useAccountList } from "./use-account-call";

export const apiKeysKey = ["account", "api-keys"] as const;

export function useApiKeys() {
  return useAccountList(apiKeysKey, "/api/keys", (answer: { keys: ApiKeyView[] }) => answer.keys);
}

export function useCreateApiKey() {
  return useAccountCall({
    t: useTranslations("ApiKeys"),
    call: (name: string) => apiRequest<CreatedApiKey>("POST", "/api/keys", { name }),
    refresh: apiKeysKey,
  });
}

export function useRevokeApiKey() {
  return useAccountCall({
    t: useTranslations("ApiKeys"),
    call: (key: ApiKeyView) => apiRequest<unknown>("DELETE", `/api/keys/${encodeURIComponent(key.id)}`),
    refresh: apiKeysKey,
    onSuccess: (_result, key, { t }) => toast.success(t("revokedTitle"), { description: t("revokedBody", { name: key.name }) }),
  });
}

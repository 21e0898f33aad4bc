"use client";
// One API key in the Account page's list: its name, prefix and dates, and revoking it after a
// confirmation (scripts that use it stop working at once).
import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ApiKeyView } from "@/lib/validation/api-keys";
import { AccountRow, useShortDateTime } from "./account-section";
import { ConfirmedRemovalButton } from "./confirmed-removal-button";
import { useRevokeApiKey } from "./use-api-keys";

export function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations("ApiKeys");
  const when = useShortDateTime();
  const revoke = useRevokeApiKey();
  return (
    <AccountRow
      icon={KeyRound}
      testId="api-key-row"
      title={
        <>
          <span className="break-all">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{t("prefixShown", { prefix: apiKey.prefix })}</code>
        </>
      }
      details={
        <>
          {t("createdOn", { date: when(apiKey.createdAt) })} · {apiKey.lastUsedAt ? t("lastUsed", { date: when(apiKey.lastUsedAt) }) : t("neverUsed")}
        </>
      }
    >
      <ConfirmedRemovalButton
        label={t("revoke")}
        title={t("revokeTitle", { name: apiKey.name })}
        description={t("revokeBody")}
        cancelLabel={t("cancel")}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(apiKey)}
      />
    </AccountRow>
  );
}

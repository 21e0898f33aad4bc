"use client";
// One API key in the Account page's list: its name, prefix and dates, and revoking it after a
// confirmation (scripts that use it stop working at once).
import { KeyRound } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { ApiKeyView } from "@/lib/validation/api-keys";
import { useRevokeApiKey } from "./use-api-keys";

export function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations("ApiKeys");
  const format = useFormatter();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const when = (value: string) => format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="api-key-row">
      <KeyRound aria-hidden className="text-muted-foreground size-5 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{t("prefixShown", { prefix: apiKey.prefix })}</code>
        </p>
        <p className="text-muted-foreground text-xs">
          {t("createdOn", { date: when(apiKey.createdAt) })} · {apiKey.lastUsedAt ? t("lastUsed", { date: when(apiKey.lastUsedAt) }) : t("neverUsed")}
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
        {t("revoke")}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent title={t("revokeTitle", { name: apiKey.name })} description={t("revokeBody")}>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => revoke.mutate(apiKey)}>
              {t("revoke")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

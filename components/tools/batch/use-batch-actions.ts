"use client";
// What both batch screens do around a batch: refuse to start one the balance cannot pay for (saying
// so before anything is uploaded), and "Download all" with the tools' usual toasts.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { toast } from "@/components/ui/toaster";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";
import type { BatchItem } from "./use-batch";

/** Whether the balance pays for `files` runs of a paid tool; when it does not, a toast says so. */
export function useBatchCreditCheck(operation: ChargeableOperation) {
  const t = useTranslations("Batch");
  const ti = useTranslations("Imaging");
  const checkOne = useCreditCheck();
  const { data: user } = useCurrentUser();
  const shortfall = (files: number): { need: number; have: number } | null => {
    const need = files * CREDIT_COSTS[operation];
    const have = user?.credits ?? 0;
    return user && have < need ? { need, have } : null;
  };
  const check = (files: number): boolean => {
    if (!checkOne(operation)) return false;
    const short = shortfall(files);
    if (short) toast.error(ti("insufficientTitle"), { description: t("notEnoughCredits", { ...short, files }) });
    return short === null;
  };
  return { check, shortfall };
}

/** Downloads every finished result of a batch as one ZIP. */
export function useBatchDownload(suffix: string, zipBase: string) {
  const ti = useTranslations("Imaging");
  return useCallback(
    async (items: BatchItem[]) => {
      const entries = items.flatMap((item) => (item.status === "done" && item.resultUrl ? [{ url: item.resultUrl, originalName: item.file.name }] : []));
      if (entries.length === 0) return;
      try {
        const { downloadZipOf } = await import("./batch-zip");
        await downloadZipOf(entries, { suffix, zipName: `${zipBase}-${Date.now()}.zip` });
        toast.success(ti("downloadStartedTitle"), { description: ti("downloadStartedBody") });
      } catch {
        toast.error(ti("downloadFailedTitle"), { description: ti("downloadFailedTool") });
      }
    },
    [ti, suffix, zipBase],
  );
}

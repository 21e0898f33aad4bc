"use client";
// "Download all" for a batch, with the tools' usual toasts; the ZIP code loads on the first click.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "@/components/ui/toaster";
import type { BatchItem } from "./use-batch";

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

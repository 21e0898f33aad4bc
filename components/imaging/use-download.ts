"use client";
// Download with the spec's toasts: Download Started on a desktop, Image Ready / Image Opened on a
// phone, Download Link when a popup was blocked, Download Failed with the long-press advice.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "@/components/ui/toaster";
import { downloadImage } from "./download";

export function useDownload(variant: "editor" | "tool") {
  const t = useTranslations("Imaging");
  return useCallback(
    async (url: string | null | undefined, options: { filename?: string; base?: string } = {}) => {
      if (!url) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return;
      }
      try {
        const outcome = await downloadImage(url, options);
        if (outcome === "downloaded") toast.success(t("downloadStartedTitle"), { description: t("downloadStartedBody") });
        else if (outcome === "shared") toast.success(t("imageReadyTitle"), { description: t("imageReadyBody") });
        else if (outcome === "opened") toast.success(t("imageOpenedTitle"), { description: t("imageOpenedBody") });
        else if (outcome === "link") toast.success(t("downloadLinkTitle"), { description: t("downloadLinkBody") });
      } catch {
        toast.error(t("downloadFailedTitle"), { description: variant === "editor" ? t("downloadFailedEditor") : t("downloadFailedTool") });
      }
    },
    [t, variant],
  );
}

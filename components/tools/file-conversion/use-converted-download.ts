"use client";
// Downloads a converted file as converted-image-{timestamp}.{ext}; on a desktop the spec's toast for
// conversion is "Downloaded!", the phone and failure toasts are the tools' usual ones.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { downloadImage } from "@/components/imaging/download";
import { toast } from "@/components/ui/toaster";
import { convertedFilename, type ImageFormat } from "./formats";

export function useConvertedDownload() {
  const t = useTranslations("FileConversion");
  const ti = useTranslations("Imaging");
  return useCallback(
    async (url: string, format: ImageFormat) => {
      try {
        const outcome = await downloadImage(url, { filename: convertedFilename(format) });
        if (outcome === "downloaded") toast.success(t("downloadedTitle"), { description: t("downloadedBody", { format: t(`format_${format}`) }) });
        else if (outcome === "shared") toast.success(ti("imageReadyTitle"), { description: ti("imageReadyBody") });
        else if (outcome === "opened") toast.success(ti("imageOpenedTitle"), { description: ti("imageOpenedBody") });
        else if (outcome === "link") toast.success(ti("downloadLinkTitle"), { description: ti("downloadLinkBody") });
      } catch {
        toast.error(ti("downloadFailedTitle"), { description: ti("downloadFailedTool") });
      }
    },
    [t, ti],
  );
}

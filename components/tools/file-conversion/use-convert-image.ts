"use client";
// Converts an image: reads it as a data URL in the browser and posts it to the free conversion
// call (guests too); the caller gets the converted file's URL or null after the right toast.
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useImageCall } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import { qualityFor, readDataUrl, type ImageFormat } from "./formats";

interface ConvertAnswer {
  convertedImage?: string;
  format?: string;
}

export function useConvertImage() {
  const t = useTranslations("FileConversion");
  const tc = useTranslations("Common");
  const call = useImageCall();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (file: File | null, format: ImageFormat): Promise<string | null> => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return null;
      }
      setBusy(true);
      try {
        let image: string;
        try {
          image = await readDataUrl(file);
        } catch {
          toast.error(tc("error"), { description: t("failed") });
          return null;
        }
        const done = await call<ConvertAnswer>(
          "/api/convert-image",
          { json: { image, format, quality: qualityFor(format) } },
          { fallback: t("failed"), noResult: t("noResult") },
          (answer) => answer.convertedImage,
        );
        return done?.url ?? null;
      } finally {
        setBusy(false);
      }
    },
    [t, tc, call],
  );

  return { run, busy };
}

"use client";
// Runs the upscale: an image, then credits, checked before anything is uploaded; then the multipart
// call, followed to its end with progress and cancel.
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { sampleOf, useImageCall } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import type { UpscaleFactor, UpscaleQuality } from "@/lib/imaging/types";
import type { ImageResult } from "@/lib/validation/imaging";

export interface UpscaleResult {
  url: string;
  width: number;
  height: number;
}

export function useUpscale() {
  const t = useTranslations("Upscale");
  const checkCredits = useCreditCheck();
  const call = useImageCall();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (file: File | null, scale: UpscaleFactor, quality: UpscaleQuality): Promise<UpscaleResult | null> => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return null;
      }
      if (!checkCredits("upscale")) return null;
      const form = new FormData();
      form.append("image", file);
      form.append("scale", String(scale));
      form.append("quality", quality);
      setBusy(true);
      try {
        const done = await call<ImageResult>(
          "/api/upscale",
          { form },
          { fallback: t("failed"), moderated: t("failed"), timeout: t("timeout"), noResult: t("noResult") },
          sampleOf,
        );
        return done ? { url: done.url, width: done.answer.width, height: done.answer.height } : null;
      } finally {
        setBusy(false);
      }
    },
    [t, checkCredits, call],
  );

  return { run, busy };
}

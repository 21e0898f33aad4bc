"use client";
// Runs background removal: the spec's guards in order (an image, then credits) before anything is
// uploaded, then the multipart call; the caller gets the result URL or null after the right toast.
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { sampleOf, useImageCall } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import type { BackgroundPreset } from "@/lib/imaging/types";
import type { ImageResult } from "@/lib/validation/imaging";

export interface BackgroundChoice {
  preset: BackgroundPreset;
  /** Custom background text; when present it is used instead of the preset. */
  custom: string;
}

/** The background removal call's form for one file. */
export function removalForm(file: File, choice: BackgroundChoice): FormData {
  const form = new FormData();
  form.append("image", file);
  form.append("operation", "background_removal");
  const custom = choice.custom.trim();
  // The server prefers a preset over text, so custom text goes alone.
  if (custom) form.append("prompt", custom);
  else form.append("background", choice.preset);
  return form;
}

export function useRemoveBackground() {
  const t = useTranslations("BackgroundRemoval");
  const checkCredits = useCreditCheck();
  const call = useImageCall();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (file: File | null, choice: BackgroundChoice): Promise<string | null> => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return null;
      }
      if (!checkCredits("background_removal")) return null;
      const form = removalForm(file, choice);
      setBusy(true);
      try {
        const done = await call<ImageResult>("/api/flux/edit", { form }, { fallback: t("failed"), noResult: t("noResult") }, sampleOf);
        return done?.url ?? null;
      } finally {
        setBusy(false);
      }
    },
    [t, checkCredits, call],
  );

  return { run, busy };
}

"use client";
// Runs the cartoon style: the spec's guards in order (an image, a style or custom text, then
// credits) before anything is uploaded, then the multipart call with the cartoon error wording.
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { sampleOf, useImageCall } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import type { CartoonStyle } from "@/lib/imaging/types";
import type { ImageResult } from "@/lib/validation/imaging";

export interface StyleChoice {
  style: CartoonStyle | null;
  /** Custom style text; when present it is used instead of a preset style. */
  custom: string;
}

export function useCartoonize() {
  const t = useTranslations("CartoonStyle");
  const checkCredits = useCreditCheck();
  const call = useImageCall();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (file: File | null, choice: StyleChoice): Promise<string | null> => {
      if (!file) {
        toast.error(t("noImageTitle"), { description: t("noImageBody") });
        return null;
      }
      const custom = choice.custom.trim();
      if (!choice.style && !custom) {
        toast.error(t("noStyleTitle"), { description: t("noStyleBody") });
        return null;
      }
      if (!checkCredits("cartoon_style")) return null;
      const form = new FormData();
      form.append("image", file);
      form.append("operation", "cartoon_style");
      // The server prefers a preset over text, so custom text goes alone.
      if (custom) form.append("prompt", custom);
      else if (choice.style) form.append("style", choice.style);
      setBusy(true);
      try {
        const done = await call<ImageResult>(
          "/api/flux/edit",
          { form },
          { fallback: t("failed"), moderated: t("flagged"), timeout: t("timeout"), noResult: t("noResult") },
          sampleOf,
        );
        return done?.url ?? null;
      } finally {
        setBusy(false);
      }
    },
    [t, checkCredits, call],
  );

  return { run, busy };
}

"use client";
// Sends a photo and its painted mask to a removal tool's call (its configuration's operation) as one
// image operation: nothing marked says so first, then the credit check, then the mask is built from the
// strokes (and any tap selection) at the photo's own resolution; each way it can fail gets the spec's
// message (§8).
import { useTranslations } from "next-intl";
import type { RemovalOperation, RemovalTexts } from "./removal-config";
import { useImageOperation, type ResumedResult } from "@/components/imaging/use-image-operation";
import { toast } from "@/components/ui/toaster";
import { MaskError, maskToPngBlob } from "@/lib/masks/encode";
import { hasPaint, renderMask, type MaskStyle, type Size, type Stroke } from "@/lib/masks/paint";
import { hasSelection, type SelectionMask } from "@/lib/masks/selection";

export interface MaskRemovalInput {
  file: File | null;
  strokes: Stroke[];
  /** The photo's pixel size, known once it has loaded. */
  natural: Size | null;
  /** The painting canvas; without it there is nothing the user could have painted on. */
  canvas: HTMLCanvasElement | null;
  /** What taps selected, if anything: added to the strokes, grown a little. */
  selection: SelectionMask | null;
  /** "Replace with…": what to draw in the marked area instead of removing it; empty to remove. */
  replaceWith?: string;
}

interface MaskRemovalOptions {
  /** The tool's own texts (missingTitle, failed, maskFailed…). */
  t: RemovalTexts;
  /** The call it posts to and what it charges. */
  operation: RemovalOperation;
  style: MaskStyle;
  /** A credit check of the tool's own (asking the server); the cached balance otherwise. */
  checkCredits?: () => Promise<boolean>;
  onResume: (resumed: ResumedResult) => void;
}

/** Lets the busy state paint before the mask, which can take a moment on a large photo, is built. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function useMaskRemoval({ t, operation, style, checkCredits, onResume }: MaskRemovalOptions) {
  const tc = useTranslations("Common");
  const fail = (description: string) => {
    toast.error(tc("error"), { description });
    return null;
  };
  return useImageOperation<MaskRemovalInput>({
    endpoint: operation.call,
    charge: checkCredits ? undefined : operation.charge,
    checkCredits,
    validate: ({ file, strokes, selection }) => {
      if (file && (hasPaint(strokes) || hasSelection(selection))) return true;
      toast.error(t("missingTitle"), { description: t("missingBody") });
      return false;
    },
    body: async ({ file, strokes, natural, canvas, selection, replaceWith }) => {
      if (!canvas) return fail(t("canvasMissing"));
      if (!file || !natural || natural.width <= 0 || natural.height <= 0) return fail(t("maskFailed"));
      await nextFrame();
      let mask: Blob;
      try {
        mask = await maskToPngBlob(renderMask(strokes, natural, style, selection));
      } catch (error) {
        return fail(error instanceof MaskError && error.code === "no_context" ? t("maskCanvas") : t("maskFailed"));
      }
      const form = new FormData();
      form.append("image", file);
      form.append("mask", mask, "mask.png");
      form.append("maskStyle", style);
      if (replaceWith?.trim()) form.append("replaceWith", replaceWith.trim());
      return { form };
    },
    texts: { fallback: t("failed"), noResult: t("noResult") },
    onResume,
  });
}

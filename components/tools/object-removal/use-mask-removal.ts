"use client";
// Sends a photo and its painted mask to the object removal call, for both removal tools: the mask
// is built from the strokes (and any tap selection) at the photo's own resolution, each way it can fail gets the spec's
// message (§8), and the caller gets the result URL or null after the right toast.
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { sampleOf, useImageCall } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import { MaskError, maskToPngBlob } from "@/lib/masks/encode";
import { hasPaint, renderMask, type MaskStyle, type Size, type Stroke } from "@/lib/masks/paint";
import { hasSelection, type SelectionMask } from "@/lib/masks/selection";
import type { ImageResult } from "@/lib/validation/imaging";

export const OBJECT_REMOVAL_URL = "/api/openai/object-removal";

export interface MaskRemovalTexts {
  /** When the call fails with nothing more specific. */
  failed: string;
  /** When the call answers without an image. */
  noResult: string;
  /** "Could not create mask", "Unable to create mask canvas", "Canvas not found". */
  maskFailed: string;
  maskCanvas: string;
  canvasMissing: string;
}

export interface MaskRemovalInput {
  file: File;
  strokes: Stroke[];
  /** The photo's pixel size, known once it has loaded. */
  natural: Size | null;
  /** The painting canvas; without it there is nothing the user could have painted on. */
  canvas: HTMLCanvasElement | null;
  /** What taps selected, if anything: added to the strokes, grown a little. */
  selection?: SelectionMask | null;
}

/** Lets the busy state paint before the mask, which can take a moment on a large photo, is built. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function useMaskRemoval(style: MaskStyle, texts: MaskRemovalTexts) {
  const tc = useTranslations("Common");
  const call = useImageCall();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async ({ file, strokes, natural, canvas, selection = null }: MaskRemovalInput): Promise<string | null> => {
      const fail = (description: string) => {
        toast.error(tc("error"), { description });
        return null;
      };
      if (!canvas) return fail(texts.canvasMissing);
      if (!natural || natural.width <= 0 || natural.height <= 0 || (!hasPaint(strokes) && !hasSelection(selection))) return fail(texts.maskFailed);
      setBusy(true);
      try {
        await nextFrame();
        let mask: Blob;
        try {
          mask = await maskToPngBlob(renderMask(strokes, natural, style, selection));
        } catch (error) {
          return fail(error instanceof MaskError && error.code === "no_context" ? texts.maskCanvas : texts.maskFailed);
        }
        const form = new FormData();
        form.append("image", file);
        form.append("mask", mask, "mask.png");
        form.append("maskStyle", style);
        const done = await call<ImageResult>(OBJECT_REMOVAL_URL, { form }, { fallback: texts.failed, noResult: texts.noResult }, sampleOf);
        return done?.url ?? null;
      } finally {
        setBusy(false);
      }
    },
    [call, style, tc, texts],
  );

  return { run, busy };
}

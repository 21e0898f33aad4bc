"use client";
// Renders the photo with its texts at full resolution and hands it on: as a PNG download named
// text-overlay-{timestamp}.png, or as a data URL for the Save Image dialog.
import { useTranslations } from "next-intl";
import { useCallback, useState, type RefObject } from "react";
import { useDownload } from "@/components/imaging/use-download";
import { toast } from "@/components/ui/toaster";
import { canvasToBlob, canvasToSaveableDataUrl, composeCanvas } from "@/lib/text-overlay/compose";
import type { Size, TextElement } from "@/lib/text-overlay/elements";

interface ExportSource {
  imageRef: RefObject<HTMLImageElement | null>;
  natural: Size | null;
  display: Size;
  elements: TextElement[];
}

export function textOverlayFilename(now = Date.now()): string {
  return `text-overlay-${now}.png`;
}

export function useTextExport({ imageRef, natural, display, elements }: ExportSource) {
  const t = useTranslations("TextOverlay");
  const ti = useTranslations("Imaging");
  const tc = useTranslations("Common");
  const download = useDownload("tool");
  const [busy, setBusy] = useState(false);

  const compose = useCallback(async (): Promise<HTMLCanvasElement | null> => {
    const image = imageRef.current;
    if (!image || !natural || !image.complete) {
      toast.error(ti("noImageTitle"), { description: t("noImageBody") });
      return null;
    }
    // A font still loading would be drawn in the fallback font.
    await document.fonts?.ready;
    // The size the texts were laid out against, read now in case a resize has not been reported yet.
    const shown = image.clientWidth > 0 ? { width: image.clientWidth, height: image.clientHeight } : display;
    try {
      return composeCanvas(image, natural, shown, elements);
    } catch {
      toast.error(tc("error"), { description: t("exportFailed") });
      return null;
    }
  }, [display, elements, imageRef, natural, t, tc, ti]);

  const downloadPng = useCallback(async () => {
    setBusy(true);
    try {
      const canvas = await compose();
      if (!canvas) return;
      let blob: Blob;
      try {
        blob = await canvasToBlob(canvas, "image/png");
      } catch {
        toast.error(tc("error"), { description: t("exportFailed") });
        return;
      }
      const url = URL.createObjectURL(blob);
      try {
        await download(url, { filename: textOverlayFilename() });
      } finally {
        URL.revokeObjectURL(url);
      }
    } finally {
      setBusy(false);
    }
  }, [compose, download, t, tc]);

  const dataUrl = useCallback(async (): Promise<string | null> => {
    setBusy(true);
    try {
      const canvas = await compose();
      if (!canvas) return null;
      try {
        return canvasToSaveableDataUrl(canvas);
      } catch {
        toast.error(tc("error"), { description: t("exportFailed") });
        return null;
      }
    } finally {
      setBusy(false);
    }
  }, [compose, t, tc]);

  return { downloadPng, dataUrl, busy };
}

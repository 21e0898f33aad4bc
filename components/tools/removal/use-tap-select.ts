"use client";
// Tap-to-select for the removal tools: every tap adds a point (or a subtracting one) and asks the
// select call for the mask of all the points so far; the mask is read into a selection at the
// photo's resolution and shown as a translucent preview. The photo is sent once as a data URL; the
// call answers with our own URL for it, which later taps send instead.
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toaster";
import { ApiError, apiRequest } from "@/lib/api/client";
import type { Point } from "@/lib/masks/paint";
import { selectionFromRgba, selectionOverlay, type SelectionMask } from "@/lib/masks/selection";
import { SEGMENT_MAX_POINTS } from "@/lib/validation/limits";
import type { SegmentResult } from "@/lib/validation/segment";

export const SEGMENT_URL = "/api/segment";

export interface TapPoint extends Point {
  label: 0 | 1;
}

export interface TapSelectTexts {
  /** Title of the toast when a tap fails. */
  failedTitle: string;
  /** When the failure says nothing more specific. */
  failed: string;
  /** When the selection already has as many taps as the call takes. */
  tooManyTaps: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The image could not be read"));
    reader.readAsDataURL(file);
  });
}

function newCanvas(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  return context;
}

/** The mask file, decoded into a selection of its own size. */
async function loadSelection(url: string): Promise<SelectionMask> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`The mask could not be loaded (${response.status})`);
  const bitmap = await createImageBitmap(await response.blob());
  const context = newCanvas(bitmap.width, bitmap.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return selectionFromRgba(context.getImageData(0, 0, context.canvas.width, context.canvas.height).data, {
    width: context.canvas.width,
    height: context.canvas.height,
  });
}

/** The preview as an image URL the size of the selection (the page scales it over the photo). */
function overlayUrl(selection: SelectionMask, colour: [number, number, number]): string {
  const context = newCanvas(selection.width, selection.height);
  context.putImageData(new ImageData(selectionOverlay(selection, colour), selection.width, selection.height), 0, 0);
  return context.canvas.toDataURL("image/png");
}

export function useTapSelect(file: File | null, colour: [number, number, number], texts: TapSelectTexts) {
  const [points, setPoints] = useState<TapPoint[]>([]);
  const [selection, setSelection] = useState<SelectionMask | null>(null);
  const [overlay, setOverlay] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const imageRef = useRef<string | null>(null);
  /** Answers to taps on an earlier photo, or before a Clear, are dropped. */
  const generation = useRef(0);

  const reset = useCallback(() => {
    generation.current += 1;
    imageRef.current = null;
    setPoints([]);
    setSelection(null);
    setOverlay(null);
    setBusy(false);
  }, []);

  useEffect(() => reset, [file, reset]);

  const select = useCallback(
    async (next: TapPoint[]) => {
      if (!file) return;
      const ticket = ++generation.current;
      if (next.length === 0 || !next.some((point) => point.label === 1)) {
        setPoints(next);
        setSelection(null);
        setOverlay(null);
        return;
      }
      setBusy(true);
      try {
        const image = imageRef.current ?? (await readAsDataUrl(file));
        const answer = await apiRequest<SegmentResult>("POST", SEGMENT_URL, { image, points: next });
        const mask = await loadSelection(answer.mask);
        if (ticket !== generation.current) return;
        imageRef.current = answer.image || imageRef.current;
        setPoints(next);
        setSelection(mask);
        setOverlay(overlayUrl(mask, colour));
      } catch (error) {
        if (ticket !== generation.current) return;
        const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : texts.failed;
        toast.error(texts.failedTitle, { description });
      } finally {
        if (ticket === generation.current) setBusy(false);
      }
    },
    [file, colour, texts],
  );

  const tap = useCallback(
    (point: Point, subtract: boolean) => {
      if (busy) return;
      if (points.length >= SEGMENT_MAX_POINTS) {
        toast.error(texts.failedTitle, { description: texts.tooManyTaps });
        return;
      }
      // Whole pixels: the call wants a point inside the image.
      const x = Math.max(0, Math.floor(point.x));
      const y = Math.max(0, Math.floor(point.y));
      void select([...points, { x, y, label: subtract ? 0 : 1 }]);
    },
    [busy, points, select, texts],
  );

  const undo = useCallback(() => void select(points.slice(0, -1)), [points, select]);

  return { points, selection, overlay, busy, tap, undo, clear: reset };
}

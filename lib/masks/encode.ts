// Encodes mask pixels as the PNG the removal call uploads, through an offscreen canvas. Each way
// this can fail has its own code so the tools show the spec's message (§8: Could not create mask,
// Unable to create mask canvas).
import { canvasBlob, offscreenCanvas } from "@/lib/canvas/context";
import type { MaskPixels } from "./paint";

export type MaskErrorCode = "no_context" | "encode_failed";

export class MaskError extends Error {
  constructor(readonly code: MaskErrorCode) {
    super(code === "no_context" ? "Unable to create mask canvas" : "Could not create mask");
    this.name = "MaskError";
  }
}

export function maskToPngBlob(mask: MaskPixels): Promise<Blob> {
  const surface = offscreenCanvas(mask.width, mask.height);
  if (!surface) return Promise.reject(new MaskError("no_context"));
  const { canvas, context } = surface;
  context.putImageData(new ImageData(mask.data, mask.width, mask.height), 0, 0);
  return canvasBlob(canvas, () => new MaskError("encode_failed"));
}

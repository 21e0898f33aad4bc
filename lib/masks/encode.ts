// Encodes mask pixels as the PNG the removal call uploads, through an offscreen canvas. Each way
// this can fail has its own code so the tools show the spec's message (§8: Could not create mask,
// Unable to create mask canvas).
import type { MaskPixels } from "./paint";

export type MaskErrorCode = "no_context" | "encode_failed";

export class MaskError extends Error {
  constructor(readonly code: MaskErrorCode) {
    super(code === "no_context" ? "Unable to create mask canvas" : "Could not create mask");
    this.name = "MaskError";
  }
}

export function maskToPngBlob(mask: MaskPixels): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = mask.width;
  canvas.height = mask.height;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext("2d");
  } catch {
    // Some browsers throw instead of returning null when canvases are disabled.
  }
  if (!context) return Promise.reject(new MaskError("no_context"));
  context.putImageData(new ImageData(mask.data, mask.width, mask.height), 0, 0);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new MaskError("encode_failed"))), "image/png");
    } catch {
      reject(new MaskError("encode_failed"));
    }
  });
}

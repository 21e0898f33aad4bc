// Draws the photo and its text boxes on an offscreen canvas at the photo's full resolution, for the
// download and the gallery save: what the stage shows, at the quality of the original.
import { canvasBlob, offscreenCanvas } from "@/lib/canvas/context";
import type { Size, TextElement } from "./elements";
import { fontShorthand, layoutForExport } from "./layout";

export class ComposeError extends Error {
  constructor() {
    super("The image could not be composed");
    this.name = "ComposeError";
  }
}

/** A data URL the gallery accepts: at most 10 MB of image, as the upload rule says. */
const MAX_SAVE_BYTES = 10 * 1024 * 1024;

export function composeCanvas(image: CanvasImageSource, natural: Size, display: Size, elements: TextElement[]): HTMLCanvasElement {
  const surface = offscreenCanvas(natural.width, natural.height);
  if (!surface) throw new ComposeError();
  const { canvas, context: ctx } = surface;
  ctx.drawImage(image, 0, 0, natural.width, natural.height);
  for (const element of elements) {
    const box = layoutForExport(element, display, natural, (text, fontSize) => {
      ctx.font = fontShorthand(element, fontSize);
      return ctx.measureText(text).width;
    });
    if (element.backgroundColor !== "transparent") {
      ctx.fillStyle = element.backgroundColor;
      ctx.fillRect(box.left, box.top, box.width, box.height);
    }
    ctx.font = fontShorthand(element, box.fontSize);
    ctx.fillStyle = element.color;
    ctx.textAlign = box.textAlign;
    ctx.textBaseline = "middle";
    box.lines.forEach((line, index) => ctx.fillText(line, box.textX, box.lineYs[index] ?? box.top));
  }
  return canvas;
}

export function canvasToBlob(canvas: HTMLCanvasElement, type = "image/png", quality?: number): Promise<Blob> {
  return canvasBlob(canvas, () => new ComposeError(), type, quality);
}

/** PNG when it fits the gallery's limit, else WebP (keeps transparency), else JPEG. */
export function canvasToSaveableDataUrl(canvas: HTMLCanvasElement): string {
  const limit = Math.ceil((MAX_SAVE_BYTES * 4) / 3);
  const attempts: [string, number | undefined][] = [
    ["image/png", undefined],
    ["image/webp", 0.92],
    ["image/jpeg", 0.9],
    ["image/jpeg", 0.75],
  ];
  let last = "";
  for (const [type, quality] of attempts) {
    try {
      last = canvas.toDataURL(type, quality);
    } catch {
      throw new ComposeError();
    }
    if (last.length <= limit) return last;
  }
  return last;
}

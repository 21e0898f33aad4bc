// Draws the photo and its text boxes on an offscreen canvas at the photo's full resolution, for the
// download and the gallery save: what the stage shows, at the quality of the original.
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
  const canvas = document.createElement("canvas");
  canvas.width = natural.width;
  canvas.height = natural.height;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext("2d");
  } catch {
    // Treated as no context below.
  }
  if (!context) throw new ComposeError();
  const ctx = context;
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
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ComposeError())), type, quality);
    } catch {
      // A tainted or oversized canvas throws rather than calling back.
      reject(new ComposeError());
    }
  });
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

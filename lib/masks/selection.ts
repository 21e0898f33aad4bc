// A tap selection as the removal tools use it: the model's white-on-black mask read into one byte a
// pixel, grown by a few pixels before removal (a mask that stops exactly at an object's edge leaves
// a halo of its colour for the inpainting to smear), and a coloured preview to lay over the photo.
// Pure (no DOM), like paint.ts.
import type { Size } from "./shapes";

export interface SelectionMask extends Size {
  /** One byte a pixel at the image's own resolution: 1 selected, 0 not. */
  bits: Uint8Array;
}

/** How far a selection grows before removal: about half a percent of the image's longest side, at least 2 px. */
export function selectionGrowth(size: Size): number {
  return Math.max(2, Math.round(Math.max(size.width, size.height) * 0.005));
}

/** Selected where the mask's red channel is at least half on (RGBA pixels, as a canvas reads them). */
export function selectionFromRgba(data: Uint8ClampedArray | Uint8Array, size: Size): SelectionMask {
  const bits = new Uint8Array(size.width * size.height);
  for (let index = 0; index < bits.length; index += 1) bits[index] = (data[index * 4] ?? 0) >= 128 ? 1 : 0;
  return { width: size.width, height: size.height, bits };
}

export function hasSelection(selection: SelectionMask | null): boolean {
  return selection !== null && selection.bits.includes(1);
}

/** Grows one axis by `radius`: a pixel is set when any within `radius` along the axis is (a running count, O(n)). */
function growAxis(source: Uint8Array, length: number, lines: number, step: number, lineStep: number, radius: number): Uint8Array {
  const grown = new Uint8Array(source.length);
  for (let line = 0; line < lines; line += 1) {
    const start = line * lineStep;
    let count = 0;
    for (let i = 0; i < Math.min(radius, length); i += 1) count += source[start + i * step] ?? 0;
    for (let i = 0; i < length; i += 1) {
      if (i + radius < length) count += source[start + (i + radius) * step] ?? 0;
      if (i - radius - 1 >= 0) count -= source[start + (i - radius - 1) * step] ?? 0;
      grown[start + i * step] = count > 0 ? 1 : 0;
    }
  }
  return grown;
}

/** The selection grown by `radius` pixels in every direction (a square neighbourhood). */
export function growSelection(selection: SelectionMask, radius: number): SelectionMask {
  if (radius <= 0) return selection;
  const { width, height } = selection;
  const rows = growAxis(selection.bits, width, height, 1, width, radius);
  const bits = growAxis(rows, height, width, width, 1, radius);
  return { width, height, bits };
}

/** The selection as translucent colour over the photo (RGBA), for the preview. */
export function selectionOverlay(selection: SelectionMask, colour: [number, number, number], alpha = 140): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(selection.bits.length * 4);
  for (let index = 0; index < selection.bits.length; index += 1) {
    if (!selection.bits[index]) continue;
    data.set([colour[0], colour[1], colour[2], alpha], index * 4);
  }
  return data;
}

// Expand (outpainting) without a network: the picture is placed on a larger canvas and the new
// borders are synthesised from its own texture by the exemplar fill. The picture's pixels are copied
// into the result untouched; only the borders are made.
import "server-only";
import { decodeRgba, encodePng } from "../asset";
import type { ExpandInput, ImageAsset } from "../types";
import { fillHole } from "./fill-hole";

/** The seed when the operation records none: the same picture and frame give the same borders. */
const EXPAND_SEED = 1;

export async function expandLocal(input: ExpandInput, signal?: AbortSignal): Promise<ImageAsset> {
  const pixels = await decodeRgba(input.image);
  const { top, right, bottom, left } = input.margins;
  const width = pixels.width + left + right;
  const height = pixels.height + top + bottom;
  let opaque = true;
  for (let i = 3; i < pixels.data.length; i += 4) if (pixels.data[i] !== 255) opaque = false;
  const canvas = Buffer.alloc(width * height * 4);
  // An opaque picture gets opaque borders: the fill then works on colour alone.
  if (opaque) for (let i = 3; i < canvas.length; i += 4) canvas[i] = 255;
  const hole = new Uint8Array(width * height).fill(1);
  const row = pixels.width * 4;
  for (let y = 0; y < pixels.height; y += 1) {
    pixels.data.copy(canvas, ((top + y) * width + left) * 4, y * row, (y + 1) * row);
    hole.fill(0, (top + y) * width + left, (top + y) * width + left + pixels.width);
  }
  const filled = await fillHole({ data: canvas, width, height }, hole, { seed: input.seed ?? EXPAND_SEED, onProgress: input.onProgress, signal });
  return encodePng(filled);
}

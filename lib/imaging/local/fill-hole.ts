// Filling a hole in a photo with the exemplar fill (exemplar-fill.ts), within bounded work and memory:
// patches are taken from a window around the hole (nearby texture matches best: the same light, the
// same depth of field), and a hole larger than the engine fills at full resolution in its time budget
// is filled on a reduced copy of the window, enlarged back into the hole only.
import "server-only";
import sharp from "sharp";
import type { RgbaPixels } from "../asset";
import { UnprocessableImageError } from "../errors";
import { dilateSquare, pixelBounds } from "./pixels";
import { exemplarFill as fillExemplar, NothingToFillFromError, type ExemplarFillOptions, type FillImage } from "./exemplar-fill";

async function exemplarFill(image: FillImage, hole: Uint8Array, options: ExemplarFillOptions): Promise<Uint8Array> {
  try {
    return await fillExemplar(image, hole, options);
  } catch (error) {
    if (error instanceof NothingToFillFromError) {
      throw new UnprocessableImageError("Too little of the photo is left to fill the area from. Mark a smaller area, or use a larger photo.");
    }
    throw error;
  }
}

/** Hole pixels filled at full resolution: a 400×300 hole is, in under ten seconds on two cores. */
const FULL_RESOLUTION_HOLE = 130_000;
/** The window the patches come from, in pixels: about 12 MB of working arrays at most. */
const WINDOW_BUDGET = 1_500_000;

export interface FillHoleOptions {
  seed?: number;
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The photo with every pixel marked in `hole` (one byte a pixel, non-zero to fill) synthesised. */
export async function fillHole(pixels: RgbaPixels, hole: Uint8Array, options: FillHoleOptions = {}): Promise<RgbaPixels> {
  const bounds = pixelBounds(pixels.width, pixels.height, (index) => Boolean(hole[index]));
  if (!bounds) return pixels;
  const window = windowAround(bounds, pixels.width, pixels.height);
  let holePixels = 0;
  for (let y = window.y; y < window.y + window.height; y += 1) {
    for (let x = window.x; x < window.x + window.width; x += 1) if (hole[y * pixels.width + x]) holePixels += 1;
  }
  const scale = Math.min(1, Math.sqrt(FULL_RESOLUTION_HOLE / holePixels), Math.sqrt(WINDOW_BUDGET / (window.width * window.height)));
  const opaque = isOpaque(pixels);
  const channels = opaque ? 3 : 4;
  const crop = cropWindow(pixels, hole, window, channels);

  let filled: Uint8Array;
  if (scale === 1) {
    filled = await exemplarFill({ data: crop.data, width: window.width, height: window.height, channels }, crop.hole, options);
  } else {
    const width = Math.max(8, Math.round(window.width * scale));
    const height = Math.max(8, Math.round(window.height * scale));
    const small = await sharp(crop.data, { raw: { width: window.width, height: window.height, channels } })
      .resize(width, height, { fit: "fill" })
      .raw()
      .toBuffer();
    const smallHole = await sharp(Buffer.from(crop.hole.map((value) => (value ? 255 : 0))), {
      raw: { width: window.width, height: window.height, channels: 1 },
    })
      .resize(width, height, { fit: "fill", kernel: "nearest" })
      .extractChannel(0)
      .raw()
      .toBuffer();
    // A reduced pixel touching the hole at all is hole: no colour of the removed object survives.
    const grown = dilateSquare(smallHole, width, height, 1);
    const result = await exemplarFill({ data: new Uint8Array(small), width, height, channels }, grown, options);
    filled = new Uint8Array(
      await sharp(Buffer.from(result), { raw: { width, height, channels } })
        .resize(window.width, window.height, { fit: "fill", kernel: "cubic" })
        .raw()
        .toBuffer(),
    );
  }

  const output = Buffer.from(pixels.data);
  for (let y = 0; y < window.height; y += 1) {
    for (let x = 0; x < window.width; x += 1) {
      const source = y * window.width + x;
      if (!crop.hole[source]) continue;
      const target = ((window.y + y) * pixels.width + window.x + x) * 4;
      for (let c = 0; c < channels; c += 1) output[target + c] = filled[source * channels + c]!;
      if (opaque) output[target + 3] = 255;
    }
  }
  return { data: output, width: pixels.width, height: pixels.height };
}

/** The hole's box grown by its own larger side (at least 48 pixels) on every side, inside the photo. */
function windowAround(bounds: { x0: number; y0: number; x1: number; y1: number }, width: number, height: number): Box {
  const margin = Math.max(48, bounds.x1 - bounds.x0 + 1, bounds.y1 - bounds.y0 + 1);
  const x = Math.max(0, bounds.x0 - margin);
  const y = Math.max(0, bounds.y0 - margin);
  return { x, y, width: Math.min(width, bounds.x1 + 1 + margin) - x, height: Math.min(height, bounds.y1 + 1 + margin) - y };
}

function isOpaque(pixels: RgbaPixels): boolean {
  for (let i = 3; i < pixels.data.length; i += 4) if (pixels.data[i] !== 255) return false;
  return true;
}

function cropWindow(pixels: RgbaPixels, hole: Uint8Array, window: Box, channels: number): { data: Uint8Array; hole: Uint8Array } {
  const data = new Uint8Array(window.width * window.height * channels);
  const cropHole = new Uint8Array(window.width * window.height);
  for (let y = 0; y < window.height; y += 1) {
    for (let x = 0; x < window.width; x += 1) {
      const source = (window.y + y) * pixels.width + window.x + x;
      const target = y * window.width + x;
      for (let c = 0; c < channels; c += 1) data[target * channels + c] = pixels.data[source * 4 + c]!;
      cropHole[target] = hole[source] ? 1 : 0;
    }
  }
  return { data, hole: cropHole };
}

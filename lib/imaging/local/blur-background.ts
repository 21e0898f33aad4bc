// Background blur (portrait mode) without a network: the cutout model finds the subject, which stays
// exactly as it was, while the background is blurred more the farther it lies from the subject, as
// a lens's depth of field would. The background is blurred from background pixels only (a blur
// normalised by the background's own weight), so the subject's colours never bleed out into a halo,
// and the subject's soft edge, feathered a little, blends hair into the blur.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng, type RgbaPixels } from "../asset";
import type { EngineFunction } from "../engine/run";
import type { ImageAsset } from "../types";
import { cutOutSubject } from "./cutout";

/** Blur levels computed; each background pixel mixes the two around its own blur. */
const LEVELS = 4;

export interface BlurBackgroundInput {
  image: ImageAsset;
  /** 1 (a hint of depth) to 10 (a strong portrait-mode blur). */
  strength: number;
  onProgress?: (done: number) => void;
}

/** A recorded background blur, at its strength (5 when none was recorded). */
export const blurBackgroundRun: EngineFunction = ({ params, image, onProgress, signal }) =>
  blurBackgroundLocal({ image: image(), strength: params.strength ?? 5, onProgress }, signal);

export async function blurBackgroundLocal(input: BlurBackgroundInput, signal?: AbortSignal): Promise<ImageAsset> {
  const pixels = await decodeRgba(input.image);
  const { width, height } = pixels;
  const cutout = await cutOutSubject(pixels, signal);
  input.onProgress?.(0.5);
  const subject = await featheredSubject(cutout, width, height);
  const strength = Math.min(10, Math.max(1, input.strength));
  // Strength 10 blurs the farthest background with a sigma of 2.5 % of the longer side.
  const maxSigma = (Math.max(width, height) * 0.025 * strength) / 10;
  const sigmas = Array.from({ length: LEVELS }, (_, level) => Math.max(0.4, (maxSigma * (level + 1)) / LEVELS));
  const levels: Float32Array[] = [];
  for (const sigma of sigmas) {
    signal?.throwIfAborted();
    levels.push(await backgroundBlur(pixels, subject, sigma));
  }
  input.onProgress?.(0.8);
  const depth = distanceFromSubject(subject, width, height);
  // The background reaches full blur a fifth of the picture away from the subject.
  const ramp = Math.max(8, Math.max(width, height) * 0.2);
  const output = Buffer.from(pixels.data);
  for (let i = 0; i < width * height; i += 1) {
    const keep = (subject[i] ?? 0) / 255;
    if (keep >= 1) continue;
    // Even next to the subject the background is a quarter blurred; it then grows with distance.
    const amount = 0.25 + 0.75 * Math.min(1, (depth[i] ?? 0) / ramp);
    const position = amount * (LEVELS - 1);
    const low = Math.floor(position);
    const high = Math.min(LEVELS - 1, low + 1);
    const mix = position - low;
    for (let c = 0; c < 3; c += 1) {
      const blurred = (levels[low]![i * 3 + c] ?? 0) * (1 - mix) + (levels[high]![i * 3 + c] ?? 0) * mix;
      output[i * 4 + c] = Math.round((pixels.data[i * 4 + c] ?? 0) * keep + blurred * (1 - keep));
    }
  }
  return encodePng({ data: output, width, height });
}

/** The subject's alpha, its edge softened by a pixel or two (more on large photos). */
async function featheredSubject(cutout: RgbaPixels, width: number, height: number): Promise<Uint8Array> {
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = cutout.data[i * 4 + 3] ?? 0;
  const sigma = Math.max(0.6, Math.max(width, height) / 1200);
  const soft = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Feathering only ever widens the edge outwards: inside the subject nothing is lost to the blur.
  const feathered = new Uint8Array(width * height);
  for (let i = 0; i < feathered.length; i += 1) feathered[i] = Math.max(alpha[i] ?? 0, soft[i] ?? 0);
  return feathered;
}

/** The picture blurred from its background alone: blur(colour × weight) / blur(weight). */
async function backgroundBlur(pixels: RgbaPixels, subject: Uint8Array, sigma: number): Promise<Float32Array> {
  const { width, height } = pixels;
  const weighted = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const weight = 255 - (subject[i] ?? 0);
    for (let c = 0; c < 3; c += 1) weighted[i * 4 + c] = Math.round(((pixels.data[i * 4 + c] ?? 0) * weight) / 255);
    weighted[i * 4 + 3] = weight;
  }
  // Raw channels are blurred independently: no premultiplication happens behind our back.
  const blurred = await sharp(weighted, { raw: { width, height, channels: 4 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  const result = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const weight = blurred[i * 4 + 3] ?? 0;
    for (let c = 0; c < 3; c += 1) {
      result[i * 3 + c] = weight > 0 ? Math.min(255, ((blurred[i * 4 + c] ?? 0) * 255) / weight) : (pixels.data[i * 4 + c] ?? 0);
    }
  }
  return result;
}

/** Each pixel's distance, in pixels, to the nearest subject pixel (alpha at least half), by two chamfer passes. */
function distanceFromSubject(subject: Uint8Array, width: number, height: number): Float32Array {
  const far = width + height;
  const distance = new Float32Array(width * height);
  for (let i = 0; i < distance.length; i += 1) distance[i] = (subject[i] ?? 0) >= 128 ? 0 : far;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      let d = distance[i]!;
      if (x > 0) d = Math.min(d, distance[i - 1]! + 1);
      if (y > 0) {
        d = Math.min(d, distance[i - width]! + 1);
        if (x > 0) d = Math.min(d, distance[i - width - 1]! + diagonal);
        if (x < width - 1) d = Math.min(d, distance[i - width + 1]! + diagonal);
      }
      distance[i] = d;
    }
  }
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const i = y * width + x;
      let d = distance[i]!;
      if (x < width - 1) d = Math.min(d, distance[i + 1]! + 1);
      if (y < height - 1) {
        d = Math.min(d, distance[i + width]! + 1);
        if (x < width - 1) d = Math.min(d, distance[i + width + 1]! + diagonal);
        if (x > 0) d = Math.min(d, distance[i + width - 1]! + diagonal);
      }
      distance[i] = d;
    }
  }
  return distance;
}

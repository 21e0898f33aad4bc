// Local upscaling: the colour goes through an ESRGAN model in overlapping tiles; transparency, which
// the models know nothing of, is enlarged separately with a Lanczos filter and put back.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng } from "../asset";
import type { ImageAsset, UpscaleInput } from "../types";
import { upscaleTiled, type RgbImage } from "./tiling";
import { upscaleTileWithModel } from "./upscale-model";

/**
 * Tiles of 192 px overlapping by 24: the overlap is work done twice (about 30 % more than the
 * picture), and a tile's memory stays in the hundreds of megabytes even at x4 with the medium model.
 */
export const UPSCALE_TILE = 192;
export const UPSCALE_OVERLAP = 24;

function splitAlpha(rgba: Buffer, width: number, height: number): { rgb: Uint8Array; alpha: Uint8Array | null } {
  const pixels = width * height;
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let opaque = true;
  for (let i = 0; i < pixels; i += 1) {
    rgb[i * 3] = rgba[i * 4]!;
    rgb[i * 3 + 1] = rgba[i * 4 + 1]!;
    rgb[i * 3 + 2] = rgba[i * 4 + 2]!;
    alpha[i] = rgba[i * 4 + 3]!;
    if (alpha[i] !== 255) opaque = false;
  }
  return { rgb, alpha: opaque ? null : alpha };
}

/** Sums of a plane over a sliding window of 2·radius+1 along rows, then columns (a box filter, unnormalised). */
function boxSum(plane: Float32Array, width: number, height: number, radius: number): Float32Array {
  const across = new Float32Array(plane.length);
  for (let y = 0; y < height; y += 1) {
    let sum = 0;
    for (let x = -radius; x < width + radius; x += 1) {
      if (x + radius < width) sum += plane[y * width + x + radius] ?? 0;
      if (x >= 0) across[y * width + x] = sum;
      if (x - radius >= 0) sum -= plane[y * width + x - radius] ?? 0;
    }
  }
  const result = new Float32Array(plane.length);
  for (let x = 0; x < width; x += 1) {
    let sum = 0;
    for (let y = -radius; y < height + radius; y += 1) {
      if (y + radius < height) sum += across[(y + radius) * width + x] ?? 0;
      if (y >= 0) result[y * width + x] = sum;
      if (y - radius >= 0) sum -= across[(y - radius) * width + x] ?? 0;
    }
  }
  return result;
}

/**
 * Gives fully transparent pixels the colour of the visible pixels near them. Their own colour is
 * usually black and never seen, but the model mixes neighbours, so it would darken the edges of a
 * cut-out; the alpha-weighted mean of the neighbourhood keeps those edges their own colour.
 */
function bleedIntoTransparent(rgb: Uint8Array, alpha: Uint8Array, width: number, height: number, radius = 4): void {
  const pixels = width * height;
  const weight = new Float32Array(pixels);
  for (let i = 0; i < pixels; i += 1) weight[i] = alpha[i]! / 255;
  const weights = boxSum(weight, width, height, radius);
  for (let c = 0; c < 3; c += 1) {
    const channel = new Float32Array(pixels);
    for (let i = 0; i < pixels; i += 1) channel[i] = rgb[i * 3 + c]! * weight[i]!;
    const sums = boxSum(channel, width, height, radius);
    for (let i = 0; i < pixels; i += 1) if (alpha[i] === 0 && weights[i]! > 0) rgb[i * 3 + c] = Math.round(sums[i]! / weights[i]!);
  }
}

async function enlargeAlpha(alpha: Uint8Array, width: number, height: number, scale: number): Promise<Buffer> {
  return sharp(alpha, { raw: { width, height, channels: 1 } })
    .resize(width * scale, height * scale, { kernel: "lanczos3", fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

export async function upscaleLocal(input: UpscaleInput, signal?: AbortSignal): Promise<ImageAsset> {
  const { data, width, height } = await decodeRgba(input.image);
  const { rgb, alpha } = splitAlpha(data, width, height);
  if (alpha) bleedIntoTransparent(rgb, alpha, width, height);
  const image: RgbImage = { data: rgb, width, height };
  const scaled = await upscaleTiled(image, (tile) => upscaleTileWithModel(tile, input.scale, input.quality), {
    scale: input.scale,
    tileSize: UPSCALE_TILE,
    overlap: UPSCALE_OVERLAP,
    signal,
    onTile: (done, total) => input.onProgress?.(done / total),
  });
  if (!alpha)
    return encodePng({ data: Buffer.from(scaled.data.buffer, scaled.data.byteOffset, scaled.data.length), width: scaled.width, height: scaled.height }, 3);
  const enlargedAlpha = await enlargeAlpha(alpha, width, height, input.scale);
  const rgba = Buffer.alloc(scaled.width * scaled.height * 4);
  for (let i = 0; i < scaled.width * scaled.height; i += 1) {
    rgba[i * 4] = scaled.data[i * 3]!;
    rgba[i * 4 + 1] = scaled.data[i * 3 + 1]!;
    rgba[i * 4 + 2] = scaled.data[i * 3 + 2]!;
    rgba[i * 4 + 3] = enlargedAlpha[i]!;
  }
  return encodePng({ data: rgba, width: scaled.width, height: scaled.height });
}

// Local upscaling: the colour goes through an ESRGAN model in overlapping tiles; transparency, which
// the models know nothing of, is enlarged separately with a Lanczos filter and put back.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng } from "../asset";
import type { ImageAsset, UpscaleInput } from "../types";
import { splitRgba, windowMean } from "./pixels";
import { upscaleTiled, type RgbImage } from "./tiling";
import { upscaleTileWithModel } from "./upscale-model";

/**
 * Tiles of 192 px overlapping by 24: the overlap is work done twice (about 30 % more than the
 * picture), and a tile's memory stays in the hundreds of megabytes even at x4 with the medium model.
 */
export const UPSCALE_TILE = 192;
export const UPSCALE_OVERLAP = 24;

/** The colour apart from the alpha; no alpha when every pixel is opaque. */
function splitAlpha(rgba: Buffer, width: number, height: number): { rgb: Uint8Array; alpha: Uint8Array | null } {
  const { rgb, alpha } = splitRgba(rgba, width * height);
  return { rgb, alpha: alpha.every((value) => value === 255) ? null : alpha };
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
  const meanWeight = windowMean(weight, width, height, radius);
  for (let c = 0; c < 3; c += 1) {
    const channel = new Float32Array(pixels);
    for (let i = 0; i < pixels; i += 1) channel[i] = rgb[i * 3 + c]! * weight[i]!;
    const meanColour = windowMean(channel, width, height, radius);
    for (let i = 0; i < pixels; i += 1) if (alpha[i] === 0 && meanWeight[i]! > 0) rgb[i * 3 + c] = Math.round(meanColour[i]! / meanWeight[i]!);
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

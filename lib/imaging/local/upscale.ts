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

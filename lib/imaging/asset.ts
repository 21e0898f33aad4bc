// Moving between encoded images and raw pixels with sharp, the way every local step needs to.
import "server-only";
import sharp from "sharp";
import type { ImageAsset } from "./types";

/** Pixels decoded from an image: RGBA, 4 bytes a pixel, row by row. */
export interface RgbaPixels {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes any image sharp reads (the first frame of an animation), applying its EXIF orientation. */
export async function decodeRgba(image: ImageAsset | Buffer): Promise<RgbaPixels> {
  const input = Buffer.isBuffer(image) ? image : image.buffer;
  const { data, info } = await sharp(input, { animated: false }).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Encodes RGBA (or RGB with channels = 3) pixels as a PNG asset. */
export async function encodePng(pixels: RgbaPixels, channels: 3 | 4 = 4): Promise<ImageAsset> {
  const buffer = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels } })
    .png()
    .toBuffer();
  return { buffer, contentType: "image/png", width: pixels.width, height: pixels.height };
}

/** An asset from encoded bytes that sharp can read (PNG, JPEG, WebP, GIF, TIFF, AVIF). */
export async function assetFromEncoded(buffer: Buffer): Promise<ImageAsset> {
  const metadata = await sharp(buffer).metadata();
  const format = metadata.format;
  if (!format || !metadata.width || !metadata.height) throw new Error("Not an image sharp can read");
  return { buffer, contentType: `image/${format}`, width: metadata.width, height: metadata.height };
}

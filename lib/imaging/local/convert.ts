// Format conversion (free): PNG, JPEG, WebP, GIF, TIFF through sharp, BMP through our BMP codec.
import "server-only";
import sharp from "sharp";
import { decodeRgba, type RgbaPixels } from "../asset";
import { decodeBmp, encodeBmp, isBmp } from "../bmp";
import type { ConvertInput, ImageAsset, OutputFormat } from "../types";

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  bmp: "image/bmp",
  tiff: "image/tiff",
};

async function pixelsOf(buffer: Buffer): Promise<RgbaPixels> {
  return isBmp(buffer) ? decodeBmp(buffer) : decodeRgba(buffer);
}

export async function convertLocal(input: ConvertInput): Promise<ImageAsset> {
  const pixels = await pixelsOf(input.image.buffer);
  const { width, height } = pixels;
  let buffer: Buffer;
  if (input.format === "bmp") {
    buffer = encodeBmp(pixels);
  } else {
    const image = sharp(pixels.data, { raw: { width, height, channels: 4 } });
    switch (input.format) {
      case "png":
        buffer = await image.png({ compressionLevel: 9 }).toBuffer();
        break;
      case "jpeg":
        // JPEG has no transparency: transparent areas become white, as in every photo editor.
        buffer = await image.flatten({ background: "#ffffff" }).jpeg({ quality: input.quality, mozjpeg: true }).toBuffer();
        break;
      case "webp":
        buffer = await image.webp({ quality: input.quality, alphaQuality: 100 }).toBuffer();
        break;
      case "gif":
        buffer = await image.gif({ effort: 7 }).toBuffer();
        break;
      case "tiff":
        buffer = await image.tiff({ compression: "lzw" }).toBuffer();
        break;
    }
  }
  return { buffer, contentType: CONTENT_TYPES[input.format], width, height };
}

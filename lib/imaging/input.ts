// Checking images that come from a browser before any work (or any charge): one file, at most
// 10 MB, a real image by its bytes (never by its name), not an SVG, and not more pixels than we will
// decode (decompression bombs). Only headers are read here, in the web tier; the worker decodes
// every pixel and refunds a file that turns out truncated.
import "server-only";
import sharp, { type Metadata } from "sharp";
import { env } from "@/lib/env";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MAX_UPLOAD_BYTES } from "@/lib/validation/limits";
import { assertBmpReadable, readBmpHeader } from "./bmp";
import { formatBySignature } from "./signatures";
import type { ImageAsset, OutputFormat } from "./types";

export { MAX_UPLOAD_BYTES };
const maxInputPixels = () => env().IMAGE_MAX_PIXELS;

/** Uploads may be in any format the converter writes (each tool narrows this down). */
export type InputFormat = OutputFormat;
export const TOOL_FORMATS: InputFormat[] = ["png", "jpeg", "gif", "webp"];
export const CONVERTER_FORMATS: InputFormat[] = [...TOOL_FORMATS, "bmp", "tiff"];

export const FORMAT_NAMES: Record<InputFormat, string> = { png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP", bmp: "BMP", tiff: "TIFF" };

/** What the bytes are, whatever the file is called. */
export function sniffFormat(buffer: Buffer): InputFormat | "svg" | null {
  const format = formatBySignature(buffer);
  if (format) return format;
  const head = buffer.subarray(0, 512).toString("utf8").trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.startsWith("<!doctype svg")) return "svg";
  return null;
}

/**
 * Whether the file's structure reaches its end marker: an upload cut short (the common damage) is
 * refused here, from a few bytes, without decoding. Damage inside the data is found by the worker.
 */
function looksComplete(buffer: Buffer, format: InputFormat): boolean {
  switch (format) {
    case "png":
      return buffer.includes(Buffer.from("IEND"), Math.max(0, buffer.length - 64));
    case "jpeg": {
      // Entropy-coded data escapes 0xFF, so an end-of-image marker after the first scan is a real one.
      const scan = buffer.indexOf(Buffer.from([0xff, 0xda]));
      return scan >= 0 && buffer.indexOf(Buffer.from([0xff, 0xd9]), scan) > scan;
    }
    case "gif":
      return buffer.lastIndexOf(0x3b) >= buffer.length - 16;
    case "webp":
      return buffer.length >= 12 && buffer.readUInt32LE(4) + 8 <= buffer.length;
    default:
      return true;
  }
}

function listFormats(allowed: InputFormat[]): string {
  const names = allowed.map((format) => FORMAT_NAMES[format]);
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

function tooManyPixels(): BadRequestError {
  return new BadRequestError(`The image has too many pixels (at most ${Math.round(maxInputPixels() / 1_000_000)} megapixels).`, "image_too_many_pixels");
}

/** Validates encoded image bytes by their headers and describes them. */
export async function readImage(buffer: Buffer, allowed: InputFormat[] = TOOL_FORMATS): Promise<ImageAsset> {
  if (buffer.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError("The image is larger than 10 MB.", "image_too_large");
  if (buffer.length === 0) throw new BadRequestError("The image file is empty.", "invalid_image");
  const format = sniffFormat(buffer);
  if (format === "svg") throw new BadRequestError(`SVG images are not supported. Please upload a ${listFormats(allowed)} image.`, "unsupported_image_type");
  if (!format || !allowed.includes(format)) {
    throw new BadRequestError(`The file is not a supported image. Please upload a ${listFormats(allowed)} image.`, "unsupported_image_type");
  }
  if (format === "bmp") {
    const header = readBmpHeader(buffer);
    if (header.width * header.height > maxInputPixels()) throw tooManyPixels();
    assertBmpReadable(header, buffer);
    return { buffer, contentType: "image/bmp", width: header.width, height: header.height };
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new BadRequestError("The image file is damaged or incomplete.", "invalid_image");
  }
  if (!metadata.width || !metadata.height) throw new BadRequestError("The image file is damaged or incomplete.", "invalid_image");
  if (metadata.width * metadata.height > maxInputPixels()) throw tooManyPixels();
  if (!looksComplete(buffer, format)) throw new BadRequestError("The image file is damaged or incomplete.", "invalid_image");
  // The size as people see the photo (and as every operation decodes it): a JPEG turned by its EXIF
  // orientation is as wide as it is stored high. An expand's frame, a result's size and the stored
  // file's row all start from this.
  const shown = metadata.autoOrient ?? metadata;
  return { buffer, contentType: `image/${format}`, width: shown.width, height: shown.height };
}

/** The one image a multipart form carries under `field`. */
export async function readUploadedImage(form: FormData, field: string, allowed: InputFormat[] = TOOL_FORMATS): Promise<ImageAsset> {
  const entries = form.getAll(field);
  if (entries.length > 1) throw new BadRequestError("Please upload one image at a time.", "too_many_files");
  const file = entries[0];
  if (!file || typeof file === "string") throw new BadRequestError("Please upload an image first.", "missing_image");
  if (file.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError("The image is larger than 10 MB.", "image_too_large");
  return readImage(Buffer.from(await file.arrayBuffer()), allowed);
}

const DATA_URL = /^data:([a-z0-9.+/-]+)?(;[a-z0-9=-]+)*;base64,([a-z0-9+/=\s]*)$/i;

/** The bytes of a base64 data URL, or null when the text is not one. */
export function parseDataUrl(value: string): Buffer | null {
  if (value.length > Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 200) throw new PayloadTooLargeError("The image is larger than 10 MB.", "image_too_large");
  const match = DATA_URL.exec(value.trim());
  return match ? Buffer.from(match[3]!.replace(/\s/g, ""), "base64") : null;
}

// The converter's formats: what a file is by its first bytes (a renamed file is still what it is),
// what each target is called on disk, and which ones a browser can be trusted to preview.
import { formatBySignature } from "@/lib/imaging/signatures";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/imaging/types";

export const TARGET_FORMATS = OUTPUT_FORMATS;
export type ImageFormat = OutputFormat;

export const EXTENSIONS: Record<ImageFormat, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif", bmp: "bmp", tiff: "tiff" };

/** Spec §9: JPEG at 95; the other lossy target (WebP) at the server's default. */
export function qualityFor(format: ImageFormat): number {
  return format === "jpeg" ? 95 : 90;
}

export function convertedFilename(format: ImageFormat, now = Date.now()): string {
  return `converted-image-${now}.${EXTENSIONS[format]}`;
}

const MIME_FORMATS: Record<string, ImageFormat> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/x-bmp": "bmp",
  "image/x-ms-bmp": "bmp",
  "image/tiff": "tiff",
  "image/tif": "tiff",
};

/** The format named by an image's leading bytes, else by its MIME type, else null. */
export function detectFormat(head: Uint8Array, mimeType = ""): ImageFormat | null {
  return formatBySignature(head) ?? MIME_FORMATS[mimeType.toLowerCase()] ?? null;
}

function read<T extends "arrayBuffer" | "dataURL">(blob: Blob, as: T): Promise<T extends "arrayBuffer" ? ArrayBuffer : string> {
  // FileReader rather than Blob.arrayBuffer(): older Safari and jsdom lack the latter.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T extends "arrayBuffer" ? ArrayBuffer : string);
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    if (as === "arrayBuffer") reader.readAsArrayBuffer(blob);
    else reader.readAsDataURL(blob);
  });
}

export async function detectFileFormat(file: File): Promise<ImageFormat | null> {
  try {
    return detectFormat(new Uint8Array(await read(file.slice(0, 16), "arrayBuffer")), file.type);
  } catch {
    return detectFormat(new Uint8Array(), file.type);
  }
}

export function readDataUrl(file: File): Promise<string> {
  return read(file, "dataURL");
}

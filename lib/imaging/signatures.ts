// What an image file is by its first bytes, whatever it is called: the one list of signatures that
// the upload check, the browser's converter and the metadata readers all go by. Plain byte
// comparisons on a Uint8Array (a Node Buffer is one), so server and browser code import it alike.
import type { OutputFormat } from "./types";

/** PNG's eight-byte file signature. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG's start-of-image marker; a JPEG file goes on with the 0xff of its next marker. */
export const JPEG_START: readonly number[] = [0xff, 0xd8];
/** "RIFF" at byte 0 and "WEBP" at byte 8 make a WebP file. */
export const RIFF_TAG: readonly number[] = [0x52, 0x49, 0x46, 0x46];
export const WEBP_TAG: readonly number[] = [0x57, 0x45, 0x42, 0x50];
const GIF_SIGNATURE: readonly number[] = [0x47, 0x49, 0x46, 0x38];
const BMP_SIGNATURE: readonly number[] = [0x42, 0x4d];
const TIFF_LITTLE_ENDIAN: readonly number[] = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BIG_ENDIAN: readonly number[] = [0x4d, 0x4d, 0x00, 0x2a];

/** Whether `bytes` holds `signature` at `offset`. */
export function hasBytes(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

export function isWebpFile(bytes: Uint8Array): boolean {
  return hasBytes(bytes, RIFF_TAG) && hasBytes(bytes, WEBP_TAG, 8);
}

/** The raster format an image's leading bytes name, or null when they name none we read. */
export function formatBySignature(bytes: Uint8Array): OutputFormat | null {
  if (hasBytes(bytes, PNG_SIGNATURE)) return "png";
  if (hasBytes(bytes, [...JPEG_START, 0xff])) return "jpeg";
  if (hasBytes(bytes, GIF_SIGNATURE)) return "gif";
  if (isWebpFile(bytes)) return "webp";
  if (hasBytes(bytes, BMP_SIGNATURE)) return "bmp";
  if (hasBytes(bytes, TIFF_LITTLE_ENDIAN) || hasBytes(bytes, TIFF_BIG_ENDIAN)) return "tiff";
  return null;
}

// BMP in and out, which sharp cannot do. Reading: uncompressed and bit-field BMPs through bmp-ts,
// with its quirks fixed (it leaves alpha 0 on formats that carry none); run-length or embedded
// JPEG/PNG compression is refused rather than decoded wrongly. Writing: 24-bit BMP, which every
// program opens (transparency is flattened onto white, as BMP readers ignore alpha anyway).
import "server-only";
import { decode, encode } from "bmp-ts";
import { UnprocessableImageError } from "./errors";
import type { RgbaPixels } from "./asset";

export interface BmpHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
}

const COMPRESSION_NAMES: Record<number, string> = { 1: "RLE8", 2: "RLE4", 4: "JPEG", 5: "PNG" };

export function isBmp(buffer: Buffer): boolean {
  return buffer.length >= 26 && buffer[0] === 0x42 && buffer[1] === 0x4d;
}

export function readBmpHeader(buffer: Buffer): BmpHeader {
  if (!isBmp(buffer) || buffer.length < 54) throw new UnprocessableImageError("The file is not a valid BMP image.");
  const headerSize = buffer.readUInt32LE(14);
  if (headerSize < 40) throw new UnprocessableImageError("This old BMP format (OS/2) is not supported.");
  return {
    width: buffer.readInt32LE(18),
    height: Math.abs(buffer.readInt32LE(22)),
    bitsPerPixel: buffer.readUInt16LE(28),
    compression: buffer.readUInt32LE(30),
  };
}

/** Everything that can be known without decoding: no compression we cannot read, pixels, all bytes present. */
export function assertBmpReadable(header: BmpHeader, buffer: Buffer): void {
  const compressed = COMPRESSION_NAMES[header.compression];
  if (compressed) throw new UnprocessableImageError(`Compressed BMP files (${compressed}) are not supported. Save it as an uncompressed BMP or PNG.`);
  if (header.width <= 0 || header.height <= 0) throw new UnprocessableImageError("The BMP image has no pixels.");
  const expectedPixelBytes = Math.ceil((header.width * header.bitsPerPixel) / 32) * 4 * header.height;
  if (buffer.length < buffer.readUInt32LE(10) + expectedPixelBytes) throw new UnprocessableImageError("The BMP file is truncated.");
}

export function decodeBmp(buffer: Buffer): RgbaPixels {
  const header = readBmpHeader(buffer);
  assertBmpReadable(header, buffer);
  let decoded;
  try {
    decoded = decode(buffer, { toRGBA: true });
  } catch {
    throw new UnprocessableImageError("The BMP file could not be read.");
  }
  const data = Buffer.from(decoded.data);
  // 24-bit and palette BMPs carry no alpha, and 32-bit BI_RGB files usually leave it 0: all-zero
  // alpha means "opaque", not "invisible".
  let anyAlpha = false;
  for (let index = 3; index < data.length; index += 4) {
    if (data[index] !== 0) {
      anyAlpha = true;
      break;
    }
  }
  if (!anyAlpha) for (let index = 3; index < data.length; index += 4) data[index] = 255;
  return { data, width: decoded.width, height: decoded.height };
}

export function encodeBmp(pixels: RgbaPixels): Buffer {
  // bmp-ts takes A,B,G,R per pixel; composite over white first.
  const abgr = Buffer.alloc(pixels.width * pixels.height * 4);
  for (let index = 0; index < abgr.length; index += 4) {
    const alpha = pixels.data[index + 3]! / 255;
    const over = (value: number) => Math.round(value * alpha + 255 * (1 - alpha));
    abgr[index] = 255;
    abgr[index + 1] = over(pixels.data[index + 2]!);
    abgr[index + 2] = over(pixels.data[index + 1]!);
    abgr[index + 3] = over(pixels.data[index]!);
  }
  const encoded = encode({ data: abgr, width: pixels.width, height: pixels.height, bitPP: 24 });
  return Buffer.from(encoded.data);
}

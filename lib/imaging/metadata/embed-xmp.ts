// Writes an XMP packet into an encoded image without touching its pixels: a JPEG APP1 segment, a PNG
// iTXt chunk, a WebP "XMP " chunk (the file becomes the extended format if it was not). A TIFF is
// rewritten by sharp (losslessly). GIF and BMP have no place for XMP that readers look at, so they stay
// as they are. Any XMP packet the file already had is replaced.
import "server-only";
import sharp from "sharp";
import type { ImageAsset } from "../types";
import { joinJpeg, joinPng, joinWebp, jpegSegments, pngChunks, webpChunks, type RiffChunk } from "./containers";
import { isJpegXmpSegment, isPngXmpChunk, JPEG_XMP_NAME, PNG_XMP_KEYWORD, WEBP_XMP_CHUNK } from "./xmp-places";

function embedInJpeg(buffer: Buffer, xmp: string): Buffer | null {
  const parsed = jpegSegments(buffer);
  if (!parsed) return null;
  const payload = Buffer.concat([Buffer.from(JPEG_XMP_NAME, "latin1"), Buffer.from(xmp, "utf8")]);
  if (payload.length + 2 > 0xffff) return null;
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  const segments = parsed.segments.filter((segment) => !isJpegXmpSegment(segment));
  // After JFIF (APP0) and EXIF (APP1), where readers expect it.
  let at = 0;
  while (at < segments.length && (segments[at]!.marker === 0xe0 || segments[at]!.marker === 0xe1)) at += 1;
  segments.splice(at, 0, { marker: 0xe1, bytes: Buffer.concat([head, payload]) });
  return joinJpeg(segments, parsed.rest);
}

function embedInPng(buffer: Buffer, xmp: string): Buffer | null {
  const chunks = pngChunks(buffer)?.filter((chunk) => !isPngXmpChunk(chunk));
  if (!chunks) return null;
  // keyword, NUL, not compressed, method 0, no language tag, no translated keyword, the text.
  const data = Buffer.concat([Buffer.from(PNG_XMP_KEYWORD, "latin1"), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(xmp, "utf8")]);
  const firstData = chunks.findIndex((chunk) => chunk.type === "IDAT");
  if (firstData < 0) return null;
  chunks.splice(firstData, 0, { type: "iTXt", data });
  return joinPng(chunks);
}

/** Whether a lossless (VP8L) bitstream says it uses alpha. */
function vp8lHasAlpha(data: Buffer): boolean {
  return data.length >= 5 && data[0] === 0x2f && ((data.readUInt32LE(1) >>> 28) & 1) === 1;
}

function extendedHeader(width: number, height: number, flags: number): RiffChunk {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return { type: "VP8X", data };
}

function embedInWebp(buffer: Buffer, xmp: string, width: number, height: number): Buffer | null {
  let chunks = webpChunks(buffer)?.filter((chunk) => chunk.type !== WEBP_XMP_CHUNK);
  if (!chunks || chunks.length === 0) return null;
  const XMP_FLAG = 0x04;
  const ALPHA_FLAG = 0x10;
  const first = chunks[0]!;
  if (first.type === "VP8X") {
    const data = Buffer.from(first.data);
    data[0] = data[0]! | XMP_FLAG;
    chunks[0] = { type: "VP8X", data };
  } else if (first.type === "VP8 " || first.type === "VP8L") {
    const alpha = first.type === "VP8L" && vp8lHasAlpha(first.data) ? ALPHA_FLAG : 0;
    chunks = [extendedHeader(width, height, XMP_FLAG | alpha), ...chunks];
  } else {
    return null;
  }
  chunks.push({ type: WEBP_XMP_CHUNK, data: Buffer.from(xmp, "utf8") });
  return joinWebp(chunks);
}

/** The asset with the packet written in, or as it was when its format cannot carry XMP. */
export async function embedXmp(asset: ImageAsset, xmp: string): Promise<ImageAsset> {
  let buffer: Buffer | null = null;
  switch (asset.contentType) {
    case "image/jpeg":
      buffer = embedInJpeg(asset.buffer, xmp);
      break;
    case "image/png":
      buffer = embedInPng(asset.buffer, xmp);
      break;
    case "image/webp":
      buffer = embedInWebp(asset.buffer, xmp, asset.width, asset.height);
      break;
    case "image/tiff":
      buffer = await sharp(asset.buffer).keepIccProfile().withXmp(xmp).tiff({ compression: "lzw" }).toBuffer();
      break;
  }
  return buffer ? { ...asset, buffer } : asset;
}

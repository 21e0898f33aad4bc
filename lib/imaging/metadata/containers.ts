// Walking the metadata of image files without decoding their pixels: JPEG segments, PNG chunks,
// WebP (RIFF) chunks and TIFF directories (also the layout of EXIF data in the other three).
import "server-only";
import { crc32 } from "node:zlib";
import { hasBytes, isWebpFile, JPEG_START, PNG_SIGNATURE, RIFF_TAG, WEBP_TAG } from "../signatures";

export interface JpegSegment {
  marker: number;
  /** The whole segment, marker and length included. */
  bytes: Buffer;
}

/**
 * A JPEG's header segments up to its first scan, and the rest (scan data to the end) untouched.
 * Returns null when the file is not laid out as expected.
 */
export function jpegSegments(buffer: Buffer): { segments: JpegSegment[]; rest: Buffer } | null {
  if (!hasBytes(buffer, JPEG_START)) return null;
  const segments: JpegSegment[] = [];
  let offset = 2;
  while (offset + 4 <= buffer.length) {
    if (buffer[offset] !== 0xff) return null;
    const marker = buffer[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { segments, rest: buffer.subarray(offset) };
    const length = buffer.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > buffer.length) return null;
    segments.push({ marker, bytes: buffer.subarray(offset, offset + 2 + length) });
    offset += 2 + length;
  }
  return null;
}

export function joinJpeg(segments: JpegSegment[], rest: Buffer): Buffer {
  return Buffer.concat([Buffer.from(JPEG_START), ...segments.map((segment) => segment.bytes), rest]);
}

/** A JPEG segment's payload starts with this name, e.g. "Exif\0\0" or the XMP namespace. */
export function segmentNamed(segment: JpegSegment, name: string): boolean {
  return segment.bytes.subarray(4, 4 + name.length).toString("latin1") === name;
}

export interface PngChunk {
  type: string;
  data: Buffer;
}

export function pngChunks(buffer: Buffer): PngChunk[] | null {
  if (!hasBytes(buffer, PNG_SIGNATURE)) return null;
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.subarray(offset + 4, offset + 8).toString("latin1");
    if (offset + 12 + length > buffer.length) return null;
    chunks.push({ type, data: buffer.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === "IEND") return chunks;
  }
  return null;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function joinPng(chunks: PngChunk[]): Buffer {
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), ...chunks.map((chunk) => pngChunk(chunk.type, chunk.data))]);
}

/** The keyword of a PNG text chunk (tEXt, zTXt, iTXt). */
export function pngTextKeyword(chunk: PngChunk): string | null {
  if (chunk.type !== "tEXt" && chunk.type !== "zTXt" && chunk.type !== "iTXt") return null;
  const end = chunk.data.indexOf(0);
  return end > 0 ? chunk.data.subarray(0, end).toString("latin1") : null;
}

export interface RiffChunk {
  type: string;
  data: Buffer;
}

export function webpChunks(buffer: Buffer): RiffChunk[] | null {
  if (!isWebpFile(buffer)) return null;
  const chunks: RiffChunk[] = [];
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const type = buffer.subarray(offset, offset + 4).toString("latin1");
    const size = buffer.readUInt32LE(offset + 4);
    if (offset + 8 + size > buffer.length) return null;
    chunks.push({ type, data: buffer.subarray(offset + 8, offset + 8 + size) });
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

export function joinWebp(chunks: RiffChunk[]): Buffer {
  const parts = chunks.flatMap((chunk) => {
    const head = Buffer.alloc(8);
    head.write(chunk.type, 0, "latin1");
    head.writeUInt32LE(chunk.data.length, 4);
    return chunk.data.length % 2 ? [head, chunk.data, Buffer.alloc(1)] : [head, chunk.data];
  });
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(12);
  header.set(RIFF_TAG, 0);
  header.writeUInt32LE(body.length + 4, 4);
  header.set(WEBP_TAG, 8);
  return Buffer.concat([header, body]);
}

/** Reads a TIFF structure (a TIFF file, or EXIF data) in place. */
export class TiffView {
  private constructor(
    readonly bytes: Buffer,
    private readonly little: boolean,
  ) {}

  static of(bytes: Buffer): TiffView | null {
    if (bytes.length < 8) return null;
    const order = bytes.subarray(0, 2).toString("latin1");
    if (order !== "II" && order !== "MM") return null;
    const view = new TiffView(bytes, order === "II");
    return view.u16(2) === 42 ? view : null;
  }

  u16(offset: number): number {
    return this.little ? this.bytes.readUInt16LE(offset) : this.bytes.readUInt16BE(offset);
  }

  u32(offset: number): number {
    return this.little ? this.bytes.readUInt32LE(offset) : this.bytes.readUInt32BE(offset);
  }

  firstDirectory(): number {
    return this.u32(4);
  }

  /** The entries of the directory at `offset`, or [] when it lies outside the data. */
  entries(offset: number): TiffEntry[] {
    if (offset < 8 || offset + 2 > this.bytes.length) return [];
    const count = this.u16(offset);
    if (offset + 2 + count * 12 + 4 > this.bytes.length) return [];
    return Array.from({ length: count }, (_, index) => {
      const at = offset + 2 + index * 12;
      const type = this.u16(at + 2);
      const count = this.u32(at + 4);
      const size = (TYPE_SIZES[type] ?? 1) * count;
      return { at, tag: this.u16(at), type, count, size, valueOffset: size > 4 ? this.u32(at + 8) : at + 8 };
    });
  }

  /** Empties the directory at `offset` and zeroes every value it pointed to. */
  eraseDirectory(offset: number): void {
    for (const entry of this.entries(offset)) {
      if (entry.size > 4 && entry.valueOffset + entry.size <= this.bytes.length) this.bytes.fill(0, entry.valueOffset, entry.valueOffset + entry.size);
    }
    if (offset + 2 > this.bytes.length) return;
    const count = this.u16(offset);
    this.bytes.fill(0, offset, Math.min(this.bytes.length, offset + 2 + count * 12));
  }
}

export interface TiffEntry {
  /** Where the entry itself sits. */
  at: number;
  tag: number;
  type: number;
  count: number;
  /** Bytes of its value. */
  size: number;
  /** Where its value sits (inside the entry when it fits in 4 bytes). */
  valueOffset: number;
}

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };

// Takes where a photo was taken out of a file before we store it, without decoding its pixels (the web
// tier never decodes): the EXIF GPS directory is emptied and its values zeroed in place (JPEG, PNG,
// WebP and TIFF keep the rest of their EXIF, orientation included); an XMP packet that names a place
// is dropped (blanked in a TIFF); IPTC-IIM blocks (JPEG APP13) and PNG "Raw profile" text chunks, which
// can hold a city or coordinates, are dropped, and so is a GIF's XMP application extension that names
// one. GIF and BMP carry no EXIF.
// This runs in the web tier on anyone's upload, guests' included, so the only thing it ever
// decompresses (a PNG's compressed XMP) is capped per packet and per file: a packet too large to
// read within the cap cannot be checked for a place, so it is dropped whole rather than kept.
import "server-only";
import { inflateSync } from "node:zlib";
import { joinJpeg, joinPng, joinWebp, jpegSegments, pngChunks, pngTextKeyword, segmentNamed, TiffView, webpChunks, type PngChunk } from "./containers";
import { isJpegXmpSegment, isPngXmpChunk, WEBP_XMP_CHUNK } from "./xmp-places";

const GPS_DIRECTORY_TAG = 0x8825;
const TIFF_XMP_TAG = 700;
const EXIF_HEADER = "Exif\0\0";
const JPEG_EXTENDED_XMP = "http://ns.adobe.com/xmp/extension/\0";

/** XMP properties that say where: EXIF GPS in XMP, IPTC locations, Photoshop's city/state/country. */
const XMP_LOCATION =
  /GPS(Latitude|Longitude|Altitude|DestLatitude|DestLongitude|AreaInformation)|Location(Created|Shown)|Iptc4xmpCore:(Location|CountryCode)|photoshop:(City|State|Country)/i;

export function xmpNamesALocation(xmp: Buffer | string): boolean {
  return XMP_LOCATION.test(typeof xmp === "string" ? xmp : xmp.toString("utf8"));
}

/** Empties the GPS directory of a TIFF structure (and blanks its XMP if that names a place), in place. */
function scrubTiff(bytes: Buffer): boolean {
  const view = TiffView.of(bytes);
  if (!view) return false;
  let changed = false;
  let directory = view.firstDirectory();
  for (let hops = 0; directory && hops < 8; hops += 1) {
    const entries = view.entries(directory);
    for (const entry of entries) {
      if (entry.tag === GPS_DIRECTORY_TAG && entry.count === 1) {
        view.eraseDirectory(view.u32(entry.valueOffset));
        changed = true;
      }
      if (entry.tag === TIFF_XMP_TAG && entry.valueOffset + entry.size <= bytes.length) {
        const xmp = bytes.subarray(entry.valueOffset, entry.valueOffset + entry.size);
        if (xmpNamesALocation(xmp)) {
          xmp.fill(0x20);
          changed = true;
        }
      }
    }
    const next = directory + 2 + entries.length * 12;
    directory = entries.length && next + 4 <= bytes.length ? view.u32(next) : 0;
  }
  return changed;
}

function scrubExifPayload(payload: Buffer): Buffer {
  const copy = Buffer.from(payload);
  const offset = copy.subarray(0, 6).toString("latin1") === EXIF_HEADER ? 6 : 0;
  scrubTiff(copy.subarray(offset));
  return copy;
}

function stripJpeg(buffer: Buffer): Buffer | null {
  const parsed = jpegSegments(buffer);
  if (!parsed) return null;
  const extended = parsed.segments.filter((segment) => segment.marker === 0xe1 && segmentNamed(segment, JPEG_EXTENDED_XMP));
  const extendedHasLocation = extended.length > 0 && xmpNamesALocation(Buffer.concat(extended.map((segment) => segment.bytes)));
  const segments = parsed.segments.flatMap((segment) => {
    if (segment.marker === 0xed) return [];
    if (segment.marker !== 0xe1) return [segment];
    if (segmentNamed(segment, EXIF_HEADER))
      return [{ marker: 0xe1, bytes: Buffer.concat([segment.bytes.subarray(0, 4), scrubExifPayload(segment.bytes.subarray(4))]) }];
    if (isJpegXmpSegment(segment)) return xmpNamesALocation(segment.bytes) ? [] : [segment];
    if (segmentNamed(segment, JPEG_EXTENDED_XMP)) return extendedHasLocation ? [] : [segment];
    return [segment];
  });
  return joinJpeg(segments, parsed.rest);
}

/** Largest XMP packet inflated from one compressed PNG text chunk; real packets are a few kB. */
export const XMP_INFLATE_LIMIT = 1024 * 1024;
/** Largest total inflated from one file's compressed text chunks. */
export const FILE_INFLATE_BUDGET = 2 * 1024 * 1024;

/** What one file may still inflate; shared by all of its chunks. */
interface InflateBudget {
  left: number;
}

/**
 * The text of a PNG text chunk (inflated when compressed, within the budget), or null when it cannot
 * be read: damaged, or larger than the cap or what is left of the file's budget.
 */
function pngText(chunk: PngChunk, budget: InflateBudget): Buffer | null {
  const data = chunk.data;
  const keywordEnd = data.indexOf(0);
  if (chunk.type === "tEXt") return data.subarray(keywordEnd + 1);
  let compressed: Buffer;
  if (chunk.type === "zTXt") compressed = data.subarray(keywordEnd + 2);
  else {
    const languageEnd = data.indexOf(0, keywordEnd + 3);
    const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
    if (translatedEnd < 0) return null;
    const text = data.subarray(translatedEnd + 1);
    if (data[keywordEnd + 1] !== 1) return text;
    compressed = text;
  }
  const limit = Math.min(XMP_INFLATE_LIMIT, budget.left);
  if (limit <= 0) return null;
  try {
    // Stops (and throws) as soon as the output passes the limit: a bomb costs at most `limit` bytes.
    const text = inflateSync(compressed, { maxOutputLength: limit });
    budget.left -= text.length;
    return text;
  } catch {
    budget.left -= limit;
    return null;
  }
}

function stripPng(buffer: Buffer): Buffer | null {
  const chunks = pngChunks(buffer);
  if (!chunks) return null;
  const budget: InflateBudget = { left: FILE_INFLATE_BUDGET };
  const kept = chunks.flatMap((chunk): PngChunk[] => {
    if (chunk.type === "eXIf") return [{ type: "eXIf", data: scrubExifPayload(chunk.data) }];
    const keyword = pngTextKeyword(chunk);
    if (keyword?.startsWith("Raw profile type")) return [];
    if (isPngXmpChunk(chunk)) {
      const text = pngText(chunk, budget);
      // An XMP packet we cannot read cannot be shown to name no place.
      if (text === null || xmpNamesALocation(text)) return [];
    }
    return [chunk];
  });
  return joinPng(kept);
}

function stripWebp(buffer: Buffer): Buffer | null {
  const chunks = webpChunks(buffer);
  if (!chunks) return null;
  let droppedXmp = false;
  const kept = chunks.flatMap((chunk) => {
    if (chunk.type === "EXIF") return [{ type: "EXIF", data: scrubExifPayload(chunk.data) }];
    if (chunk.type === WEBP_XMP_CHUNK && xmpNamesALocation(chunk.data)) {
      droppedXmp = true;
      return [];
    }
    return [chunk];
  });
  if (droppedXmp && kept[0]?.type === "VP8X") {
    const data = Buffer.from(kept[0].data);
    data[0] = data[0]! & ~0x04;
    kept[0] = { type: "VP8X", data };
  }
  return joinWebp(kept);
}

/** The length of a GIF's data sub-blocks from `offset`, their terminator included; null when cut short. */
function gifSubBlocksLength(buffer: Buffer, offset: number): number | null {
  let at = offset;
  while (at < buffer.length) {
    const size = buffer[at]!;
    at += 1 + size;
    if (size === 0) return at - offset;
  }
  return null;
}

/**
 * Whether a GIF's XMP extension names a place, read both ways it is written: as Adobe writes it (the
 * packet's raw bytes, which the "magic trailer" makes parse as sub-blocks) and as ordinary data
 * sub-blocks, whose length bytes can fall inside a property's name.
 */
function gifXmpNamesALocation(buffer: Buffer, start: number, data: number, end: number): boolean {
  if (xmpNamesALocation(buffer.subarray(start, end))) return true;
  const parts: Buffer[] = [];
  for (let at = data; at < end && buffer[at]! > 0; at += 1 + buffer[at]!) parts.push(buffer.subarray(at + 1, at + 1 + buffer[at]!));
  return xmpNamesALocation(Buffer.concat(parts));
}

/**
 * Drops a GIF's XMP application extension ("XMP DataXMP", the packet written over sub-blocks and
 * ended by Adobe's "magic trailer", or in ordinary sub-blocks) when it names a place, as the other
 * formats' XMP is dropped when it names one; every other block is kept as it is.
 */
function stripGif(buffer: Buffer): Buffer | null {
  const signature = buffer.toString("latin1", 0, 6);
  if ((signature !== "GIF87a" && signature !== "GIF89a") || buffer.length < 13) return null;
  const packed = buffer[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const dropped: [number, number][] = [];
  while (at < buffer.length && buffer[at] !== 0x3b) {
    const start = at;
    if (buffer[at] === 0x21) {
      const label = buffer[at + 1];
      at += 2;
      const isApplication = label === 0xff && buffer[at] === 11;
      const identifier = isApplication ? buffer.toString("latin1", at + 1, at + 12) : "";
      if (isApplication) at += 12;
      const length = gifSubBlocksLength(buffer, at);
      if (length === null) return null;
      at += length;
      if (identifier === "XMP DataXMP" && gifXmpNamesALocation(buffer, start, at - length, at)) dropped.push([start, at]);
    } else if (buffer[at] === 0x2c) {
      const local = buffer[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      const length = gifSubBlocksLength(buffer, at);
      if (length === null) return null;
      at += length;
    } else {
      return null;
    }
  }
  if (dropped.length === 0) return null;
  const kept: Buffer[] = [];
  let from = 0;
  for (const [start, end] of dropped) {
    kept.push(buffer.subarray(from, start));
    from = end;
  }
  kept.push(buffer.subarray(from));
  return Buffer.concat(kept);
}

/** The file's bytes without location metadata; the same bytes when it had none to remove or is not read here. */
export function withoutLocation(buffer: Buffer, contentType: string): Buffer {
  try {
    switch (contentType) {
      case "image/jpeg":
        return stripJpeg(buffer) ?? buffer;
      case "image/png":
        return stripPng(buffer) ?? buffer;
      case "image/webp":
        return stripWebp(buffer) ?? buffer;
      case "image/gif":
        return stripGif(buffer) ?? buffer;
      case "image/tiff": {
        const copy = Buffer.from(buffer);
        return scrubTiff(copy) ? copy : buffer;
      }
      default:
        return buffer;
    }
  } catch {
    // A structure we cannot follow: the file is stored as it came (its pixels are checked by the worker).
    return buffer;
  }
}

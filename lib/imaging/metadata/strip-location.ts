// Takes where a photo was taken out of a file before we store it, without decoding its pixels (the web
// tier never decodes): the EXIF GPS directory is emptied and its values zeroed in place (JPEG, PNG,
// WebP and TIFF keep the rest of their EXIF, orientation included); an XMP packet that names a place
// is dropped (blanked in a TIFF); IPTC-IIM blocks (JPEG APP13) and PNG "Raw profile" text chunks, which
// can hold a city or coordinates, are dropped. GIF and BMP carry no EXIF.
import "server-only";
import { inflateSync } from "node:zlib";
import {
  JPEG_XMP_NAME,
  PNG_XMP_KEYWORD,
  joinJpeg,
  joinPng,
  joinWebp,
  jpegSegments,
  pngChunks,
  pngTextKeyword,
  segmentNamed,
  TiffView,
  webpChunks,
  type PngChunk,
} from "./containers";

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
    if (segmentNamed(segment, JPEG_XMP_NAME)) return xmpNamesALocation(segment.bytes) ? [] : [segment];
    if (segmentNamed(segment, JPEG_EXTENDED_XMP)) return extendedHasLocation ? [] : [segment];
    return [segment];
  });
  return joinJpeg(segments, parsed.rest);
}

/** The text of a PNG text chunk (inflated when compressed), for looking into. */
function pngText(chunk: PngChunk): Buffer {
  const data = chunk.data;
  const keywordEnd = data.indexOf(0);
  try {
    if (chunk.type === "tEXt") return data.subarray(keywordEnd + 1);
    if (chunk.type === "zTXt") return inflateSync(data.subarray(keywordEnd + 2));
    const compressed = data[keywordEnd + 1] === 1;
    const languageEnd = data.indexOf(0, keywordEnd + 3);
    const translatedEnd = data.indexOf(0, languageEnd + 1);
    const text = data.subarray(translatedEnd + 1);
    return compressed ? inflateSync(text) : text;
  } catch {
    return data;
  }
}

function stripPng(buffer: Buffer): Buffer | null {
  const chunks = pngChunks(buffer);
  if (!chunks) return null;
  const kept = chunks.flatMap((chunk): PngChunk[] => {
    if (chunk.type === "eXIf") return [{ type: "eXIf", data: scrubExifPayload(chunk.data) }];
    const keyword = pngTextKeyword(chunk);
    if (keyword?.startsWith("Raw profile type")) return [];
    if (keyword === PNG_XMP_KEYWORD && xmpNamesALocation(pngText(chunk))) return [];
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
    if (chunk.type === "XMP " && xmpNamesALocation(chunk.data)) {
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

// Where each container keeps its XMP packet: a JPEG APP1 segment opened by the XMP namespace, a PNG
// iTXt chunk under the XMP keyword, a WebP "XMP " chunk. The writer and the location scrubber both
// find packets by these.
import "server-only";
import { pngTextKeyword, segmentNamed, type JpegSegment, type PngChunk } from "./containers";

/** The name opening a JPEG APP1 segment that holds XMP. */
export const JPEG_XMP_NAME = "http://ns.adobe.com/xap/1.0/\0";
/** The keyword of the PNG iTXt chunk that holds XMP. */
export const PNG_XMP_KEYWORD = "XML:com.adobe.xmp";
/** The type of the WebP chunk that holds XMP. */
export const WEBP_XMP_CHUNK = "XMP ";

const APP1 = 0xe1;

export function isJpegXmpSegment(segment: JpegSegment): boolean {
  return segment.marker === APP1 && segmentNamed(segment, JPEG_XMP_NAME);
}

export function isPngXmpChunk(chunk: PngChunk): boolean {
  return pngTextKeyword(chunk) === PNG_XMP_KEYWORD;
}

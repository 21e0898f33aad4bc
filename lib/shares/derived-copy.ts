// The copy a share link serves: the owner's picture re-encoded by sharp, at most 2048 px on its long
// side, turned upright, every metadata block dropped but its AI label (the IPTC digital source type,
// rewritten) and its Content Credentials, signed again with the original as their ingredient
// (lib/provenance/derived-credentials.ts). A picture with transparency stays a PNG; any other becomes
// a JPEG, which keeps the page light. The private original itself is never served.
import "server-only";
import sharp from "sharp";
import { embedXmp } from "@/lib/imaging/metadata/embed-xmp";
import { aiLabelXmp, digitalSourceTypeOf } from "@/lib/imaging/metadata/xmp-packet";
import type { ImageAsset } from "@/lib/imaging/types";
import { withDerivedCopyCredentials } from "@/lib/provenance/derived-credentials";
import { sha256Of } from "@/lib/storage/files";

export const SHARE_COPY_MAX_SIDE = 2048;
const JPEG_QUALITY = 85;

/** A value Pictura's own label wrote (pictura:Tool, pictura:Provider), when the original has one. */
function labelField(xmp: string, name: string): string | null {
  return new RegExp(`pictura:${name}\\s*=\\s*"([^"]{1,64})"`).exec(xmp)?.[1] ?? null;
}

/** The AI label the copy carries: the original's digital source type, with what made it. */
function copiedLabel(xmp: Buffer | undefined, made: { kind: string; provider: string } | null): string | null {
  const text = xmp?.toString("utf8") ?? "";
  const digitalSourceType = digitalSourceTypeOf(text);
  if (!digitalSourceType) return null;
  const tool = made?.kind ?? labelField(text, "Tool") ?? "share";
  const provider = made?.provider ?? labelField(text, "Provider") ?? "unknown";
  return aiLabelXmp({ digitalSourceType, tool, provider });
}

/** The share's copy of `original` (the stored bytes of one of the owner's pictures). */
export async function deriveShareCopy(original: { bytes: Buffer; contentType: string }, made: { kind: string; provider: string } | null): Promise<ImageAsset> {
  const metadata = await sharp(original.bytes).metadata();
  // Many pictures carry an alpha channel they never use: only a see-through one needs a PNG.
  const transparent = Boolean(metadata.hasAlpha) && !(await sharp(original.bytes).stats()).isOpaque;
  const resized = sharp(original.bytes).rotate().resize({ width: SHARE_COPY_MAX_SIDE, height: SHARE_COPY_MAX_SIDE, fit: "inside", withoutEnlargement: true });
  const encoded = transparent
    ? await resized.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({ resolveWithObject: true })
    : await resized.flatten({ background: "#ffffff" }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const copy: ImageAsset = {
    buffer: encoded.data,
    contentType: transparent ? "image/png" : "image/jpeg",
    width: encoded.info.width,
    height: encoded.info.height,
  };
  const label = copiedLabel(metadata.xmp, made);
  const labelled = label ? await embedXmp(copy, label) : copy;
  return withDerivedCopyCredentials(labelled, {
    bytes: original.bytes,
    contentType: original.contentType,
    sha256: sha256Of(original.bytes),
    digitalSourceType: label ? digitalSourceTypeOf(label) : null,
  });
}

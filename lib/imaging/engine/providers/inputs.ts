// Preparing images and painted masks for AI providers: both take PNG, JPEG or WebP upright, and
// both need the spec's masks (object black on white, or white on black) turned into their own form.
import "server-only";
import sharp from "sharp";
import type { ImageAsset, MaskStyle } from "@/lib/imaging/types";

const SENDABLE_FORMATS = new Set(["image/png", "image/jpeg", "image/webp"]);

/** The bytes to send and the size they decode to, which a mask must match. */
export async function sendableImage(image: ImageAsset, asPng = false): Promise<{ buffer: Buffer; width: number; height: number }> {
  const metadata = await sharp(image.buffer).metadata();
  const rotated = (metadata.orientation ?? 1) > 1;
  const acceptable = asPng ? image.contentType === "image/png" : SENDABLE_FORMATS.has(image.contentType);
  if (acceptable && !rotated) return { buffer: image.buffer, width: image.width, height: image.height };
  const { data, info } = await sharp(image.buffer, { animated: false }).rotate().png().toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

/** How strongly each pixel of a painted mask, stretched to the image, marks the object: 0–255. */
export async function objectStrength(mask: ImageAsset, style: MaskStyle, width: number, height: number): Promise<Buffer> {
  // Unpainted transparent pixels count as the mask's background colour, not as black.
  const background = style === "black-on-white" ? "#ffffff" : "#000000";
  const { data, info } = await sharp(mask.buffer, { animated: false })
    .rotate()
    .flatten({ background })
    .resize(width, height, { fit: "fill" })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const strength = Buffer.alloc(width * height);
  for (let pixel = 0; pixel < strength.length; pixel++) {
    const value = data[pixel * info.channels] ?? 0;
    strength[pixel] = style === "black-on-white" ? 255 - value : value;
  }
  return strength;
}

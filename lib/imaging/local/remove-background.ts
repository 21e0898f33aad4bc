// Local background removal: the photo's subject, cut out (./cutout), left on transparency or set on a
// replacement backdrop: a preset landscape or a picture generated from the prompt.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng, type RgbaPixels } from "../asset";
import type { Background, ImageAsset, RemoveBackgroundInput } from "../types";
import { renderBackdrop } from "./backdrops";
import { cutOutSubject } from "./cutout";
import { generateLocal } from "./generate";

/** The cut-out laid over a backdrop of the same size, as an opaque RGB image. */
function composite(cutout: RgbaPixels, backdrop: Buffer): RgbaPixels {
  const pixelCount = cutout.width * cutout.height;
  const data = Buffer.alloc(pixelCount * 3);
  for (let i = 0; i < pixelCount; i += 1) {
    const alpha = (cutout.data[i * 4 + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c += 1) {
      data[i * 3 + c] = Math.round((cutout.data[i * 4 + c] ?? 0) * alpha + (backdrop[i * 3 + c] ?? 0) * (1 - alpha));
    }
  }
  return { data, width: cutout.width, height: cutout.height };
}

/** Any encoded image as RGB pixels of exactly this size, cropped to fill it if its shape differs. */
async function rgbOfSize(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image).resize(width, height, { fit: "cover" }).flatten({ background: "#ffffff" }).toColourspace("srgb").raw().toBuffer();
}

/** The encoded replacement background, or null when the background is to stay transparent. */
async function backdropFor(background: Background, width: number, height: number): Promise<Buffer | null> {
  if ("prompt" in background) return (await generateLocal({ prompt: background.prompt, width, height })).buffer;
  if (background.preset === "none") return null;
  return renderBackdrop(background.preset, width, height);
}

/**
 * Removes the photo's background: transparent with preset "none", otherwise the subject over a
 * preset landscape or over a picture generated from the prompt, at the photo's size.
 */
export async function removeBackgroundLocal(input: RemoveBackgroundInput, signal?: AbortSignal): Promise<ImageAsset> {
  const cutout = await cutOutSubject(await decodeRgba(input.image), signal);
  const backdrop = await backdropFor(input.background, cutout.width, cutout.height);
  if (!backdrop) return encodePng(cutout);
  return encodePng(composite(cutout, await rgbOfSize(backdrop, cutout.width, cutout.height)), 3);
}

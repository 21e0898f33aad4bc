// What every expand promises, whichever provider drew the new borders: the result has exactly the
// frame's size, and the picture's own pixels are in it unchanged. A provider's image (which may come
// back at another size, or with the middle redrawn) is stretched to the frame and the original is
// copied back over its place.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng } from "./asset";
import type { ImageAsset, Margins } from "./types";

export async function keepOriginalPixels(result: Buffer, image: ImageAsset, margins: Margins): Promise<ImageAsset> {
  const original = await decodeRgba(image);
  const width = original.width + margins.left + margins.right;
  const height = original.height + margins.top + margins.bottom;
  const canvas = await sharp(result, { animated: false }).rotate().resize(width, height, { fit: "fill" }).ensureAlpha().raw().toBuffer();
  const row = original.width * 4;
  for (let y = 0; y < original.height; y += 1) original.data.copy(canvas, ((margins.top + y) * width + margins.left) * 4, y * row, (y + 1) * row);
  return encodePng({ data: canvas, width, height });
}

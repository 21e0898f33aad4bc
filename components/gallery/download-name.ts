// The name a saved image downloads under: its filename with the extension of its stored type.
import type { SavedImageView } from "@/lib/validation/gallery";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};

export function downloadName(image: Pick<SavedImageView, "filename" | "contentType">): string {
  return `${image.filename}.${EXTENSIONS[image.contentType] ?? "png"}`;
}

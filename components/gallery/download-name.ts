// The name a saved image downloads under: its filename with the extension of its stored type.
import type { SavedImageView } from "@/lib/validation/gallery";
import { extensionOf } from "@/lib/validation/file-extensions";

export function downloadName(image: Pick<SavedImageView, "filename" | "contentType">): string {
  return `${image.filename}.${extensionOf(image.contentType)}`;
}

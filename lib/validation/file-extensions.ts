// The file name extension of each image type the product stores, for downloads, archives and storage
// keys alike. No server code: the browser names its downloads with it too.
const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};

/** The extension for an image type, or `fallback` for a type the product does not store. */
export function extensionOf(contentType: string, fallback = "png"): string {
  return EXTENSIONS[contentType] ?? fallback;
}

"use client";
// Downloading a result (spec §8, §9): on a desktop the file downloads as
// ai-edited-photo-{timestamp}.{ext}; on a phone it goes to the share sheet where the browser can
// share files, else opens for long-press saving, else falls back to a download link.
export type DownloadOutcome = "downloaded" | "shared" | "opened" | "link" | "cancelled";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/webp": "webp",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};

export function downloadFilename(contentType: string, now = Date.now(), base = "ai-edited-photo"): string {
  return `${base}-${now}.${EXTENSIONS[contentType] ?? "png"}`;
}

export function isMobileDevice(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) || (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent));
}

function clickLink(href: string, filename: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export async function downloadImage(url: string, options: { filename?: string; base?: string } = {}): Promise<DownloadOutcome> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const filename = options.filename ?? downloadFilename(blob.type, Date.now(), options.base);
  const mobile = isMobileDevice();
  if (mobile && typeof navigator.canShare === "function") {
    const file = new File([blob], filename, { type: blob.type });
    if (navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file] });
        return "shared";
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
        // Sharing refused for another reason: fall through to opening the image.
      }
    }
  }
  const objectUrl = URL.createObjectURL(blob);
  // A phone needs the image long enough to long-press it; a desktop only until the click is handled.
  setTimeout(() => URL.revokeObjectURL(objectUrl), mobile ? 30_000 : 100);
  if (!mobile) {
    clickLink(objectUrl, filename);
    return "downloaded";
  }
  const opened = window.open(objectUrl, "_blank");
  if (opened) return "opened";
  clickLink(objectUrl, filename);
  return "link";
}

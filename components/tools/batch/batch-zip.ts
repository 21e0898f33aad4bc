"use client";
// "Download all": one ZIP of a batch's results. This module (and client-zip with it) loads on the
// first click, so it is not part of the page's first load. client-zip builds the archive as a stream: each result is fetched only when the
// archive reaches it and passes straight through, so the page never holds every file at once; the
// finished archive is handed to the browser as one download (Chromium keeps large blobs on disk).
// The bytes are the stored files' own, so their AI labels go along.
import { downloadZip } from "client-zip";
import { uniqueNamer } from "./batch-names";

export interface ZipEntry {
  /** Our own file URL. */
  url: string;
  /** The original file's name, which the result's name follows. */
  originalName: string;
}

export async function downloadZipOf(entries: ZipEntry[], options: { suffix: string; zipName: string }): Promise<void> {
  const nameOf = uniqueNamer(options.suffix);
  async function* files() {
    for (const entry of entries) {
      const response = await fetch(entry.url, { credentials: "include" });
      if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
      yield { input: response, name: nameOf(entry.originalName, response.headers.get("content-type") ?? "image/png"), lastModified: new Date() };
    }
  }
  const archive = await downloadZip(files()).blob();
  const url = URL.createObjectURL(new Blob([archive], { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = options.zipName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Long enough for a phone to start saving it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

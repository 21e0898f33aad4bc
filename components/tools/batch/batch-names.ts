// What each file of a batch is called inside its ZIP: the original's name with the tool's suffix and
// the result's extension ("photo-1.jpg" → "photo-1-no-bg.png", or "photo-1.webp" after a conversion),
// made safe for any file system and unique within the archive.
import { extensionOf } from "@/lib/validation/file-extensions";

export { extensionOf };

/** The original's name without its extension or anything a file system would refuse. */
export function baseName(filename: string): string {
  const leaf = filename.split(/[/\\]/).pop() ?? "";
  const stem = leaf.includes(".") ? leaf.slice(0, leaf.lastIndexOf(".")) : leaf;
  const safe = stem.replace(/[\u0000-\u001f<>:"|?*]/g, "").trim();
  return safe.replace(/^\.+/, "") || "image";
}

/** Names results one at a time, as they arrive; a repeated name gets "-2", "-3"… */
export function uniqueNamer(suffix = ""): (filename: string, contentType: string) => string {
  const used = new Set<string>();
  return (filename, contentType) => {
    const stem = `${baseName(filename)}${suffix}`;
    const extension = extensionOf(contentType);
    let name = `${stem}.${extension}`;
    for (let copy = 2; used.has(name.toLowerCase()); copy += 1) name = `${stem}-${copy}.${extension}`;
    used.add(name.toLowerCase());
    return name;
  };
}

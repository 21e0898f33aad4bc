// A ZIP archive as a web stream, built entry by entry as the reader asks for more: each entry's bytes
// are loaded only when the previous entry has been handed on, so an archive of many large images
// holds one image in memory at a time, whatever its total size.
import "server-only";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ZipEntry {
  name: string;
  /** Images are compressed already: store them as they are. */
  compress: boolean;
  /** The entry's bytes, or null to leave it out (e.g. a file whose bytes are gone). */
  load: () => Promise<Uint8Array | null>;
}

export function zipStream(entries: Iterable<ZipEntry>): ReadableStream<Uint8Array> {
  const pending = entries[Symbol.iterator]();
  let zip: Zip;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          if (chunk.length > 0) controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      async pull() {
        for (;;) {
          const next = pending.next();
          if (next.done) return zip.end();
          const bytes = await next.value.load();
          if (!bytes) continue;
          const file = next.value.compress ? new ZipDeflate(next.value.name, { level: 6 }) : new ZipPassThrough(next.value.name);
          zip.add(file);
          file.push(bytes, true);
          return;
        }
      },
      cancel() {
        zip.terminate();
      },
    },
    { highWaterMark: 1 },
  );
}

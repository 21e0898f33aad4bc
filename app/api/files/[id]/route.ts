import { route } from "@/lib/http/route";
import { loadFile } from "@/lib/storage/files";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const GET = route<undefined, "optional", { id: string }>({ auth: "optional" }, async ({ user, params }) => {
  const { file, blob } = await loadFile(params.id, user?.id ?? null);
  // A file's bytes never change under its id, so browsers and CDNs may keep it; private ones only in the browser.
  return new Response(new Uint8Array(blob.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(blob.body.length),
      // No filename here: a link's own `download` name (the gallery's filenames) must win.
      "Content-Disposition": "inline",
      "Cache-Control": `${file.isPrivate ? "private" : "public"}, max-age=${YEAR_SECONDS}, immutable`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});

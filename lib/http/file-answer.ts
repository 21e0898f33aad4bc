// The answer to a view of /api/files/{id}. The same access rules always come first (missing,
// expired or someone else's private file, another browser's guest file among them: 404). Then, with FILES_REDIRECT on S3 storage, the viewer
// is sent to the bucket so no web server streams the bytes: a presigned GET valid five minutes, or,
// for a public file that never expires, its permanent address on the CDN in front of the bucket
// (FILES_PUBLIC_BASE_URL). Otherwise the bytes are streamed from the blob store.
import "server-only";
import { env } from "@/lib/env";
import { NotFoundError } from "@/lib/errors";
import type { StoredFile } from "@/lib/generated/prisma/client";
import { FILE_CONTENT_SECURITY_POLICY } from "./content-security-policy";
import { findVisibleFile } from "@/lib/storage/files";
import { encodeStorageKey, prefixedKey } from "@/lib/storage/s3-config";
import { blobStore } from "@/lib/storage/store";

/** Long enough to follow the redirect and load the image; short, since anyone holding the address can read the file. */
export const SIGNED_FILE_URL_SECONDS = 300;
/** Caches may reuse a public file's signed redirect for a minute, well within the address's five. */
const SIGNED_REDIRECT_MAX_AGE = 60;
/** A CDN address never changes under a file's id; an hour bounds how long a moved CDN lingers in caches. */
const CDN_REDIRECT_MAX_AGE = 3600;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** How long a file kept past its expiry by its owner's project may be cached: it goes when the project lets go. */
const KEPT_FILE_MAX_AGE = 3600;

/**
 * A file's bytes never change under its id, so browsers and CDNs may keep it; private ones only in
 * the browser. An expiring file (a guest's result) is kept no longer than it lives, so no cache
 * serves it after its time.
 */
function fileCaching(file: StoredFile, now = Date.now()): string[] {
  const lifetime = file.expiresAt ? Math.floor((file.expiresAt.getTime() - now) / 1000) : YEAR_SECONDS;
  const maxAge = lifetime > 0 ? Math.min(lifetime, YEAR_SECONDS) : KEPT_FILE_MAX_AGE;
  return [file.isPrivate ? "private" : "public", `max-age=${maxAge}`, "immutable"];
}

async function redirectTarget(file: StoredFile): Promise<{ location: string; cacheControl: string } | null> {
  const settings = env();
  const store = blobStore();
  if (!settings.FILES_REDIRECT || !store.signedReadUrl) return null;
  // Only a file anyone may see for ever can have an address that works for ever: an expiring one
  // must stop loading at its time, a private one must never leave its owner.
  if (settings.FILES_PUBLIC_BASE_URL && !file.isPrivate && file.expiresAt === null) {
    return {
      location: `${settings.FILES_PUBLIC_BASE_URL}/${encodeStorageKey(prefixedKey(settings.STORAGE_PREFIX, file.storageKey))}`,
      cacheControl: `public, max-age=${CDN_REDIRECT_MAX_AGE}`,
    };
  }
  const location = await store.signedReadUrl(file.storageKey, {
    expiresInSeconds: SIGNED_FILE_URL_SECONDS,
    contentType: file.contentType,
    // No filename, as when streamed: a link's own `download` name must win.
    contentDisposition: "inline",
    // Without spaces: a space travels as "+" in a query string, which some S3-compatible stores
    // decode differently when they check the signature.
    cacheControl: fileCaching(file).join(","),
  });
  // A private file's signed address is a bearer credential: nothing may keep it or hand it on.
  return { location, cacheControl: file.isPrivate ? "private, no-store" : `public, max-age=${SIGNED_REDIRECT_MAX_AGE}` };
}

export async function fileViewResponse(id: string, viewerId: string | null, guestKeyHash: string | null): Promise<Response> {
  const file = await findVisibleFile(id, viewerId, guestKeyHash);
  const target = await redirectTarget(file);
  if (target) {
    return new Response(null, {
      status: 302,
      headers: { Location: target.location, "Cache-Control": target.cacheControl, "Referrer-Policy": "no-referrer" },
    });
  }
  const blob = await blobStore().get(file.storageKey);
  if (!blob) throw new NotFoundError("This image was not found.", "file_not_found");
  return new Response(new Uint8Array(blob.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(blob.body.length),
      // No filename here: a link's own `download` name (the gallery's filenames) must win.
      "Content-Disposition": "inline",
      "Cache-Control": fileCaching(file).join(", "),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY,
    },
  });
}

// The answer to /s/{token}/image: a live share's copy, streamed (never a redirect to storage, never the
// original). Caches may keep it a minute at most, so a revoke reaches everyone within a minute; it is
// not indexed unless its owner allowed it.
import "server-only";
import { liveShareCopy } from "@/lib/shares/public-share";
import { FILE_CONTENT_SECURITY_POLICY } from "./content-security-policy";

export const SHARE_IMAGE_MAX_AGE = 60;

export async function shareImageResponse(token: string): Promise<Response> {
  const { file, bytes, indexable } = await liveShareCopy(token);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": "inline",
      "Cache-Control": `public, max-age=${SHARE_IMAGE_MAX_AGE}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY,
      // Chat apps and other sites load an unfurled link's picture from here.
      "Cross-Origin-Resource-Policy": "cross-origin",
      ...(indexable ? {} : { "X-Robots-Tag": "noindex" }),
    },
  });
}

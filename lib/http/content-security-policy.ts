// The Content-Security-Policy of pages, API answers and stored files, written once. next.config.ts
// sets them on every response at build time; the proxy widens the page policy at run time with the
// storage origins that file redirects send images to, which only the running server's settings know.
// Plain data and no server-only import: next.config.ts loads this file too.

export interface PagePolicyOptions {
  /** Development adds what the dev server needs: eval for fast refresh, ws: for its socket. */
  development: boolean;
  /** Origins /api/files/{id} may redirect to (the bucket, a CDN): pages load and fetch images there. */
  fileOrigins?: readonly string[];
}

/**
 * Next injects inline bootstrap scripts, so scripts need 'unsafe-inline' without per-request nonces
 * (which would make every page dynamic). Everything else is locked to our own origin, plus the file
 * origins: a redirect's target must match img-src for <img> and connect-src for fetch().
 */
export function pageContentSecurityPolicy({ development, fileOrigins = [] }: PagePolicyOptions): string {
  const files = [...new Set(fileOrigins)].map((origin) => ` ${origin}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""} https://js.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    // blob: and data: let the browser read images it made itself (text overlay downloads and saves).
    `connect-src 'self' blob: data:${development ? " ws:" : ""} https://api.stripe.com${files}`,
    "frame-src https://js.stripe.com https://hooks.stripe.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://accounts.google.com https://appleid.apple.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Stored files are user content: served as documents they may run nothing and load nothing. */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/**
 * API answers are data, never documents: nothing in them may load or be framed. Free of ':' on
 * purpose: Next compiles a header value that holds one as a path template on every request.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

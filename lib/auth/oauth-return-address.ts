// Where Google sends the browser back after sign-in, named the same in both legs of the sign-in.
// Auth.js derives the redirect_uri from the request it handles. The first leg (signIn() behind
// GET /api/auth/google) builds that request from AUTH_URL as written. The callback leg gets Next's
// request, and Next names every loopback host "localhost" (its NextURL does, for 127.x.x.x and
// [::1]). With a host name the two agree; on http://127.0.0.1:PORT (local development) they would
// not, and Google refuses a code exchange whose redirect_uri differs from the authorization's.
import "server-only";
import { environment } from "@/lib/settings/source";

/** Hosts Next.js hands route handlers as "localhost". */
const RENAMED_BY_NEXT = /^(?:127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * Auth.js's base address as the browser knows it (AUTH_URL; auth.ts sets it from APP_URL), without a
 * trailing slash. Read live from the source: auth.ts writes AUTH_URL into process.env for Auth.js.
 */
function publicAuthUrl(): URL | null {
  const variables = environment();
  const value = variables.AUTH_URL ?? variables.NEXTAUTH_URL;
  const url = value ? URL.parse(value) : null;
  if (!url) return null;
  url.pathname = url.pathname.replace(/\/+$/, "");
  return url;
}

/**
 * The base address to fix as the return address when Next would rename its host, else null.
 * Auth.js's redirect proxy setting names it: a leg on that origin (the first) uses its own
 * callback address, which is this one; a leg on another origin (the callback, renamed) sends
 * this one. Both then name the address the browser is on, where its state and PKCE cookies are.
 */
export function loopbackAuthUrl(): string | null {
  const url = publicAuthUrl();
  return url && RENAMED_BY_NEXT.test(url.hostname) ? `${url.origin}${url.pathname}` : null;
}

/**
 * Auth.js's redirect rule (relative paths and same-origin addresses only), with the public origin
 * as the base when the request's was renamed: after the callback the browser returns to the
 * address it started on, where its new session cookie is, not to "localhost".
 */
export function sameSiteRedirect(url: string, requestOrigin: string, publicOrigin: string | null): string {
  const base = publicOrigin ?? requestOrigin;
  if (url.startsWith("/")) return `${base}${url}`;
  const origin = URL.parse(url)?.origin;
  return origin === requestOrigin || origin === base ? url : base;
}

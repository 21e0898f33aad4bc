// Who may see a preview that PREVIEW_PASSWORD protects: whoever holds its access cookie. The cookie
// holds an HMAC of the password (keyed by AUTH_SECRET and bound to the preview's name), never the
// password: changing the password ends every access, and a cookie from one preview opens no other.
// Checking it is pure computation, so the proxy can ask on every page without touching the database.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { usesSecureCookies } from "@/lib/auth/secure-cookies";
import { env } from "@/lib/env";
import { siteSettings } from "@/lib/settings/site";

/** The password a preview asks for, or null (none set, or not a preview). */
function previewPassword(): string | null {
  return siteSettings().preview?.password ?? null;
}

/** Thirty days: a reviewer gives the password once per browser for the life of a preview. */
export const PREVIEW_ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** `__Host-` over https: the browser then keeps it to this exact host, secure, on every path. */
export function previewAccessCookieName(): string {
  return usesSecureCookies() ? "__Host-pictura.preview-access" : "pictura.preview-access";
}

export function previewAccessToken(password: string): string {
  return createHmac("sha256", env().AUTH_SECRET)
    .update(`preview-access\u0000${siteSettings().preview?.name ?? ""}\u0000${password}`)
    .digest("base64url");
}

/** Constant-time comparison; only a length difference, which says nothing secret, ends it early. */
function sameText(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a typed password is the preview's: both are hashed first, so their lengths leak nothing. */
export function isPreviewPassword(given: string, password: string): boolean {
  return sameText(previewAccessToken(given), previewAccessToken(password));
}

/** True when no password is asked (not a preview, or none set) or the cookie proves it was given. */
export function hasPreviewAccess(cookieValue: string | undefined): boolean {
  return !previewPassword() || provesPreviewPassword(cookieValue);
}

/**
 * True only when a password is set and the cookie proves it was given: what sets the team (who
 * know PREVIEW_PASSWORD) apart from anyone signed in, such as a shared reviewer account. False
 * wherever no password is set, unlike hasPreviewAccess.
 */
export function provesPreviewPassword(cookieValue: string | undefined): boolean {
  const password = previewPassword();
  return password !== null && cookieValue !== undefined && sameText(cookieValue, previewAccessToken(password));
}

/** The gate's own page, in any language: it must stay reachable without the cookie. */
export function isPreviewAccessPage(pathname: string): boolean {
  return /^(?:\/[a-z]{2})?\/preview\/access\/?$/.test(pathname);
}

// The guest key: what binds a guest's files to the one browser that made them. The browser holds a
// random key in a cookie signed with an HMAC under AUTH_SECRET (as the sandbox's client secrets and
// the preview's access cookie are); each guest file stores only the key's hex SHA-256, so a copy of
// the database opens nothing. A cookie whose signature does not check is no key at all.
import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { usesSecureCookies } from "./secure-cookies";
import { readCookie } from "./session";

/** Longer than any guest file lives (a day), and sent again with every new file, so no file outlives its key. */
export const GUEST_KEY_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const VERSION = "v1";

/** `__Host-` over https: the browser keeps it to this exact host, secure, on every path. */
export function guestKeyCookieName(): string {
  return usesSecureCookies() ? "__Host-pictura.guest-key" : "pictura.guest-key";
}

export function guestKeyCookieOptions() {
  return { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax" as const, path: "/", maxAge: GUEST_KEY_MAX_AGE_SECONDS };
}

function signatureOf(key: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`guest-key\u0000${key}`).digest("base64url");
}

/** A new random key (256 bits), unguessable and unrelated to any file's id. */
export function newGuestKey(): string {
  return randomBytes(32).toString("base64url");
}

/** The cookie's value for a key: the key and its signature. */
export function guestKeyCookieValue(key: string): string {
  return `${VERSION}.${key}.${signatureOf(key)}`;
}

/** The key a cookie value holds, or null when it is absent, malformed or not signed by this server. */
export function readGuestKey(value: string | undefined): string | null {
  if (!value) return null;
  const [version, key, signature, ...rest] = value.split(".");
  if (version !== VERSION || !key || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
  const expected = Buffer.from(signatureOf(key));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? key : null;
}

/** The key a request's guest key cookie holds, or null (absent, malformed or not signed by this server). */
export function guestKeyIn(headers: Headers): string | null {
  return readGuestKey(readCookie(headers.get("cookie"), guestKeyCookieName()));
}

/** What a guest file stores of its browser's key: the key's hex SHA-256. */
export function guestKeyHashOf(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

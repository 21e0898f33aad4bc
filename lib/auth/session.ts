// The session cookie: an Auth.js-encrypted JWT naming the user and their session row (`sid`), so
// Auth.js's OAuth callbacks and the JSON auth routes write the same cookie. httpOnly, SameSite=Lax,
// Secure over https. The cookie alone signs nobody in: its session row must still exist.
import "server-only";
import { encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { usesSecureCookies } from "./secure-cookies";
import { decodeSessionToken } from "./session-token";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export { usesSecureCookies };

export function sessionCookieName(): string {
  return usesSecureCookies() ? "__Secure-pictura.session-token" : "pictura.session-token";
}

export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: usesSecureCookies() };
}

export interface SessionCookie {
  name: string;
  value: string;
  options: ReturnType<typeof sessionCookieOptions> & { maxAge: number };
}

export async function createSessionCookie(user: { id: string; email: string; name: string }, sessionId: string): Promise<SessionCookie> {
  const name = sessionCookieName();
  const value = await encode({
    salt: name,
    secret: env().AUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
    token: { sub: user.id, email: user.email, name: user.name, sid: sessionId, signedInAt: Math.floor(Date.now() / 1000) },
  });
  return { name, value, options: { ...sessionCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS } };
}

export function clearedSessionCookie(): SessionCookie {
  return { name: sessionCookieName(), value: "", options: { ...sessionCookieOptions(), maxAge: 0 } };
}

/** A cookie's value in a Cookie header (undefined when absent or not decodable). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      // A value with broken percent-encoding is no session: the visitor is signed out, not an error.
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
  /** When the person last proved who they are (password or provider), in seconds since the epoch. */
  signedInAt: number | null;
}

/** The user and session a session token names, or null when it is not a valid token of ours. */
export async function readSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const name = sessionCookieName();
  try {
    const payload = await decodeSessionToken({ salt: name, secret: env().AUTH_SECRET, token });
    // A token from before server-side sessions names no row: it no longer signs anyone in.
    if (typeof payload?.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid, signedInAt: typeof payload.signedInAt === "number" ? payload.signedInAt : null };
  } catch {
    return null;
  }
}

/** The user and session named by the session cookie in a Cookie header, or null. */
export function readSessionClaims(cookieHeader: string | null): Promise<SessionClaims | null> {
  return readSessionToken(readCookie(cookieHeader, sessionCookieName()));
}

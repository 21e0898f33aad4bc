// The session cookie: an Auth.js-encrypted JWT naming the user, so Auth.js's own `auth()` and the
// JSON auth routes read and write the same cookie. httpOnly, SameSite=Lax, Secure over https.
import "server-only";
import { encode } from "next-auth/jwt";
import { env, isProduction } from "@/lib/env";
import { decodeSessionToken } from "./session-token";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function usesSecureCookies(): boolean {
  const appUrl = env().APP_URL;
  if (appUrl) return appUrl.startsWith("https://");
  return isProduction();
}

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

export async function createSessionCookie(user: { id: string; email: string; name: string }): Promise<SessionCookie> {
  const name = sessionCookieName();
  const value = await encode({
    salt: name,
    secret: env().AUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
    token: { sub: user.id, email: user.email, name: user.name, signedInAt: Math.floor(Date.now() / 1000) },
  });
  return { name, value, options: { ...sessionCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS } };
}

export function clearedSessionCookie(): SessionCookie {
  return { name: sessionCookieName(), value: "", options: { ...sessionCookieOptions(), maxAge: 0 } };
}

function readCookie(header: string | null, name: string): string | undefined {
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
  /** When the person last proved who they are (password or provider), in seconds since the epoch. */
  signedInAt: number | null;
}

/** The request's session: the signed-in user's id and when they signed in, or null. */
export async function readSession(request: Request): Promise<SessionClaims | null> {
  const name = sessionCookieName();
  const token = readCookie(request.headers.get("cookie"), name);
  if (!token) return null;
  try {
    const payload = await decodeSessionToken({ salt: name, secret: env().AUTH_SECRET, token });
    if (typeof payload?.sub !== "string") return null;
    return { userId: payload.sub, signedInAt: typeof payload.signedInAt === "number" ? payload.signedInAt : null };
  } catch {
    return null;
  }
}

/** The signed-in user's id from the request's session cookie, or null. */
export async function readSessionUserId(request: Request): Promise<string | null> {
  return (await readSession(request))?.userId ?? null;
}

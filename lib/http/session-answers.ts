// Answers of the auth calls: the public user with a new session's cookie, or the cookie cleared.
import "server-only";
import { NextResponse } from "next/server";
import type { User } from "@/lib/generated/prisma/client";
import { clearedSessionCookie, createSessionCookie, readCookie, sessionCookieOptions, usesSecureCookies } from "@/lib/auth/session";
import { CHALLENGE_TTL_SECONDS } from "@/lib/auth/two-factor-challenge";
import { startSession, type SignInContext, type SignInMethod } from "@/lib/auth/sessions";
import { displayName, toPublicUser } from "@/lib/auth/users";
import type { ReviewerSignIn } from "@/lib/validation/preview";
import { localizedPath } from "@/lib/i18n/pages";
import type { Locale } from "@/lib/i18n/locales";
import { safeReturnPath } from "./return-path";

/** Starts a session row for the user and answers with the cookie that names it. */
export async function signedInResponse(user: User, method: SignInMethod, context: SignInContext, status = 200): Promise<NextResponse> {
  return sessionResponse(user, await startSession(user.id, method, context), status);
}

/** The public user, with the cookie of a session already started. */
export function sessionResponse(user: User, sessionId: string, status = 200): Promise<NextResponse> {
  return withSessionCookie(NextResponse.json(toPublicUser(user), { status }), user, sessionId);
}

/**
 * A reviewer's sign-in (lib/preview/reviewer-sign-in.ts): the user as JSON with the session cookie to
 * a script; to the sign-in screen's form (which names a place to return to) a 303 there, so the form
 * works without any script.
 */
export async function reviewerSignedIn(user: User, choice: ReviewerSignIn, context: SignInContext & { origin: string }): Promise<NextResponse> {
  if (choice.returnTo === undefined) return signedInResponse(user, "reviewer", context);
  const target = new URL(safeReturnPath(choice.returnTo), context.origin);
  const sessionId = await startSession(user.id, "reviewer", context);
  return withSessionCookie(NextResponse.redirect(target, 303), user, sessionId);
}

export async function withSessionCookie(response: NextResponse, user: User, sessionId: string): Promise<NextResponse> {
  const cookie = await createSessionCookie({ id: user.id, email: user.email, name: displayName(user) }, sessionId);
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

export function signedOutResponse(): NextResponse {
  const response = NextResponse.json({ success: true });
  const cookie = clearedSessionCookie();
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

/** The cookie that carries a sign-in's pending second step (lib/auth/two-factor-challenge.ts). */
export function twoFactorCookieName(): string {
  return usesSecureCookies() ? "__Secure-pictura.two-factor" : "pictura.two-factor";
}

/** The session cookie's options (httpOnly, Lax, Secure over https), for as long as the challenge lasts. */
function twoFactorCookieOptions(maxAge: number) {
  return { ...sessionCookieOptions(), maxAge };
}

/** The first factor passed and a second is needed: no session yet, the challenge's token in its cookie. */
export function twoFactorRequiredResponse(token: string): NextResponse {
  const response = NextResponse.json({ twoFactorRequired: true });
  response.cookies.set(twoFactorCookieName(), token, twoFactorCookieOptions(CHALLENGE_TTL_SECONDS));
  return response;
}

/** A session started by the second step: the user with the session cookie, the challenge's cookie cleared. */
export async function secondStepSignedIn(user: User, sessionId: string): Promise<NextResponse> {
  const response = await sessionResponse(user, sessionId);
  response.cookies.set(twoFactorCookieName(), "", twoFactorCookieOptions(0));
  return response;
}

/** The challenge's token in a Cookie header, or null. */
export function twoFactorTokenOf(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, twoFactorCookieName()) || null;
}

/** A provider's sign-in that needs its second step: the challenge in its cookie, then the code form (303). */
export function continueSecondStep(token: string, origin: string, locale: Locale): NextResponse {
  const response = NextResponse.redirect(new URL(localizedPath(locale, "/auth?step=code"), origin), 303);
  response.cookies.set(twoFactorCookieName(), token, twoFactorCookieOptions(CHALLENGE_TTL_SECONDS));
  return response;
}

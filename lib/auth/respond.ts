// Answers of the auth calls: the public user with a new session's cookie, or the cookie cleared.
import "server-only";
import { NextResponse } from "next/server";
import type { User } from "@/lib/generated/prisma/client";
import { clearedSessionCookie, createSessionCookie } from "./session";
import { startSession, type SignInContext, type SignInMethod } from "./sessions";
import { displayName, toPublicUser } from "./users";

/** Starts a session row for the user and answers with the cookie that names it. */
export async function signedInResponse(user: User, method: SignInMethod, context: SignInContext, status = 200): Promise<NextResponse> {
  const sessionId = await startSession(user.id, method, context);
  return withSessionCookie(NextResponse.json(toPublicUser(user), { status }), user, sessionId);
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

// Answers of the auth calls: the public user, with the session cookie set or cleared.
import "server-only";
import { NextResponse } from "next/server";
import type { User } from "@/lib/generated/prisma/client";
import { clearedSessionCookie, createSessionCookie } from "./session";
import { displayName, toPublicUser } from "./users";

export async function signedInResponse(user: User, status = 200): Promise<NextResponse> {
  const response = NextResponse.json(toPublicUser(user), { status });
  const cookie = await createSessionCookie({ id: user.id, email: user.email, name: displayName(user) });
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

export function signedOutResponse(): NextResponse {
  const response = NextResponse.json({ success: true });
  const cookie = clearedSessionCookie();
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

// The signed-in user for server components: the session cookie's live session and its user, checked
// exactly as the API checks it.
import "server-only";
import { cookies } from "next/headers";
import type { User } from "@/lib/generated/prisma/client";
import { readSessionToken, sessionCookieName, type SessionClaims } from "./session";
import { findSessionUser } from "./sessions";

export interface CurrentSession {
  user: User;
  sessionId: string;
}

export async function getCurrentSession(): Promise<CurrentSession | null> {
  const store = await cookies();
  const claims: SessionClaims | null = await readSessionToken(store.get(sessionCookieName())?.value);
  if (!claims) return null;
  const user = await findSessionUser(claims.sessionId, claims.userId);
  return user ? { user, sessionId: claims.sessionId } : null;
}

export async function getCurrentUser(): Promise<User | null> {
  return (await getCurrentSession())?.user ?? null;
}

// The second step of a sign-in for an account with two-step sign-in on. The first factor (a password,
// Google or Apple, a reset link) starts a challenge instead of a session: a random token the browser
// keeps in an httpOnly cookie (lib/http/session-answers.ts), of which only the SHA-256 is stored. A
// code or a recovery code (lib/auth/two-factor.ts) then ends it, once, within ten minutes, and only
// then is a session started, marked as having passed a second factor.
import "server-only";
import { assertNotSuspended } from "@/lib/admin/suspended-account";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { startSession, type SignInContext, type SignInMethod } from "./sessions";
import { verifySecondFactor } from "./two-factor";

export const CHALLENGE_TTL_SECONDS = 10 * 60;

type Client = Prisma.TransactionClient | typeof db;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a sign-in of this account must pass a second factor before it gets a session. */
export function needsSecondFactor(user: Pick<User, "totpEnabledAt">): boolean {
  return user.totpEnabledAt !== null;
}

/** Starts the second step of a sign-in whose first factor `method` passed; the token goes to the browser only. */
export async function startChallenge(userId: string, method: SignInMethod, client: Client = db): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.twoFactorChallenge.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
  await client.twoFactorChallenge.create({
    data: { userId, tokenHash: hashOf(token), method, expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) },
  });
  return token;
}

const expired = () => new DomainError(401, "two_factor_expired", "This sign-in has expired. Please sign in again.");

/**
 * Ends a challenge with a code: the user and a new session that passed a second factor. A missing,
 * used or expired challenge is a 401 that asks to sign in again; a wrong code is lib/auth/two-factor's
 * refusal, counted towards its lock-out. Two requests with one challenge start one session at most.
 */
export async function completeChallenge(token: string | null, code: string, ip: string, context: SignInContext): Promise<{ user: User; sessionId: string }> {
  if (!token) throw expired();
  const challenge = await db.twoFactorChallenge.findUnique({ where: { tokenHash: hashOf(token) } });
  if (!challenge || challenge.usedAt || challenge.expiresAt <= new Date()) throw expired();
  await verifySecondFactor(challenge.userId, code, ip);
  return db.$transaction(async (tx) => {
    const taken = await tx.twoFactorChallenge.updateMany({
      where: { id: challenge.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (taken.count !== 1) throw expired();
    const user = await tx.user.findUnique({ where: { id: challenge.userId } });
    if (!user || user.deletedAt) throw expired();
    assertNotSuspended(user);
    const sessionId = await startSession(user.id, challenge.method as SignInMethod, context, tx, new Date());
    return { user, sessionId };
  });
}

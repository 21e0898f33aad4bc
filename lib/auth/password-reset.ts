// "Forgot password": a mail with a link valid once, for an hour, that sets a new password, signs the
// browser in and ends every other session. Asking answers the same whether or not the address has
// an account, and goes through the sign-in limits, so it neither reveals accounts nor floods mailboxes.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { assertMailAvailable, sendMailInBackground } from "@/lib/mail/mailer";
import { passwordResetMail } from "@/lib/mail/templates";
import { consumeEmailToken, createEmailToken, findUsableEmailToken } from "./email-tokens";
import { markEmailVerified } from "./email-verification";
import { loginLimits, tooManySignInsError } from "./login";
import { mailLink } from "./mail-links";
import { hashPassword } from "./password";
import { clearHits, takeHit } from "@/lib/rate-limit/counters";
import { endOtherSessions, startSession, type SignInContext } from "./sessions";
import { needsSecondFactor, startChallenge } from "./two-factor-challenge";

export const RESET_LIFETIME_MS = 60 * 60 * 1000;

export interface ResetRequest {
  email: string;
  ip: string;
  origin: string;
}

/**
 * Counts the request against the sign-in limits, then answers at once; finding the account and
 * mailing it happen after, so neither the answer nor its timing depends on whether it exists.
 */
export async function requestPasswordReset({ email, ip, origin }: ResetRequest): Promise<void> {
  assertMailAvailable();
  const wait = await takeHit(loginLimits(ip, email));
  if (wait !== null) throw tooManySignInsError(wait);
  sendMailInBackground(async () => {
    const user = await db.user.findUnique({ where: { email } });
    if (!user) return null;
    const token = await createEmailToken(user.id, "reset_password", RESET_LIFETIME_MS);
    return passwordResetMail({ to: user.email, name: user.firstName, locale: user.locale, link: mailLink(origin, user.locale, "/auth/reset", token) });
  });
}

export const INVALID_RESET_LINK_MESSAGE = "This reset link is invalid, already used or expired. Please ask for a new one.";

/** The session the reset signs in to or, for an account with two-step sign-in, the challenge of its second step. */
export type ResetResult = { user: User; sessionId: string; challenge?: never } | { user: User; challenge: string; sessionId?: never };

/**
 * Sets the password from a reset link and starts the one session that remains; an account with
 * two-step sign-in gets the second step instead, since a reset link proves only the mailbox.
 */
export async function resetPassword(input: { token: string; password: string; ip: string; context: SignInContext }): Promise<ResetResult> {
  // A link that cannot work is refused before the (deliberately slow) password hashing.
  if (!(await findUsableEmailToken(input.token, "reset_password"))) throw new BadRequestError(INVALID_RESET_LINK_MESSAGE, "invalid_reset_link");
  const passwordHash = await hashPassword(input.password);
  const result = await db.$transaction(async (tx) => {
    const userId = await consumeEmailToken(input.token, "reset_password", tx);
    if (!userId) throw new BadRequestError(INVALID_RESET_LINK_MESSAGE, "invalid_reset_link");
    await tx.emailToken.deleteMany({ where: { userId, purpose: "reset_password", usedAt: null } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    // The link came by mail, so whoever holds it holds the address.
    await markEmailVerified(tx, userId);
    await endOtherSessions(userId, null, tx);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (needsSecondFactor(user)) return { user, challenge: await startChallenge(userId, "reset", tx) };
    return { user, sessionId: await startSession(userId, "reset", input.context, tx) };
  });
  await clearHits([loginLimits(input.ip, result.user.email)[0]!.key]);
  return result;
}

// Proving an address: sign-up mails a link (valid 24 hours, single use); opening it marks the
// address verified. With REQUIRE_EMAIL_VERIFICATION the trial's credits come with the verification.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { BadRequestError, ConflictError, RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { assertMailAvailable, mailAvailable, sendMail, sendMailInBackground, type Mail } from "@/lib/mail/mailer";
import { verificationMail } from "@/lib/mail/templates";
import { consumeEmailToken, createEmailToken } from "./email-tokens";
import { mailLink } from "./mail-links";
import { takeHit } from "@/lib/rate-limit/counters";
import { grantTrialInTransaction } from "./users";

export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Verification mails one account may ask for again per hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/** Marks the address verified (once) and grants the trial if it was held back for this. */
export async function markEmailVerified(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const { count } = await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
  if (count === 1) await grantTrialInTransaction(tx, userId);
}

async function buildVerificationMail(user: User, origin: string): Promise<Mail> {
  const token = await createEmailToken(user.id, "verify_email", VERIFICATION_LIFETIME_MS);
  return verificationMail({ to: user.email, name: user.firstName, locale: user.locale, link: mailLink(origin, user.locale, "/auth/verify", token) });
}

/** After sign-up: the link goes out without holding up the answer. */
export function sendVerificationInBackground(user: User, origin: string): void {
  // Without mail (production without SMTP_URL) the account page says so; sign-up goes on.
  if (user.emailVerifiedAt || !mailAvailable()) return;
  sendMailInBackground(() => buildVerificationMail(user, origin));
}

/** "Send the link again" from the account page, a few times an hour. */
export async function resendVerification(user: User, origin: string): Promise<void> {
  if (user.emailVerifiedAt) throw new ConflictError("This address is already verified.", "already_verified");
  assertMailAvailable();
  const wait = await takeHit([{ key: `verify-resend:${user.id}`, max: VERIFICATION_RESENDS_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new RateLimitedError(
      `Too many verification mails were asked for. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
      "verification_rate_limited",
    );
  }
  await sendMail(await buildVerificationMail(user, origin));
}

export async function verifyEmail(token: string): Promise<User> {
  return db.$transaction(async (tx) => {
    const userId = await consumeEmailToken(token, "verify_email", tx);
    if (!userId)
      throw new BadRequestError("This verification link is invalid or has expired. Ask for a new one on your account page.", "invalid_verification_link");
    await markEmailVerified(tx, userId);
    return tx.user.findUniqueOrThrow({ where: { id: userId } });
  });
}

// Accounts with e-mail and password: sign-up (with the trial's credits), sign-in checks, and the
// public shape of a user.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { ConflictError } from "@/lib/errors";
import { grantCreditsInTransaction } from "@/lib/credits/grant";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import type { User } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/locales";
import type { PublicUser, RegisterInput } from "@/lib/validation/auth";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";

/** Who the user is and what they hold: the part of an account both its public shape and its data export show. */
export function accountProfile(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.image,
    tier: user.tier,
    credits: user.credits,
  };
}

export function toPublicUser(user: User): PublicUser {
  return { ...accountProfile(user), emailVerified: user.emailVerifiedAt !== null };
}

export function displayName(user: Pick<User, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * The trial's 60 credits, as a ledger row keyed by the user, so they are granted once whatever path
 * (sign-up, verification, a later change of REQUIRE_EMAIL_VERIFICATION) comes to them. Returns the
 * balance, or null when this user already had them.
 */
export async function grantTrialInTransaction(tx: Prisma.TransactionClient, userId: string): Promise<number | null> {
  const idempotencyKey = `trial:${userId}`;
  if (await tx.creditTransaction.findUnique({ where: { idempotencyKey }, select: { id: true } })) return null;
  return grantCreditsInTransaction(tx, { userId, amount: TRIAL_CREDITS, kind: "grant", operation: "trial", idempotencyKey, note: "Free trial credits" });
}

/**
 * A new account starts on the trial tier; its 60 credits are the first row of its ledger — at once,
 * or, with REQUIRE_EMAIL_VERIFICATION, when its address is verified (already so for Google and Apple).
 */
export async function createUserWithTrial(data: Omit<Prisma.UserCreateInput, "tier" | "credits">): Promise<User> {
  try {
    return await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { ...data, tier: "trial", credits: 0 } });
      if (env().REQUIRE_EMAIL_VERIFICATION && !created.emailVerifiedAt) return created;
      const credits = await grantTrialInTransaction(tx, created.id);
      return { ...created, credits: credits ?? created.credits };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ConflictError("An account with this email already exists.", "email_taken");
    }
    throw error;
  }
}

export async function registerUser(input: RegisterInput, locale: Locale): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return createUserWithTrial({
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    locale: input.locale ?? locale,
  });
}

/** The user whose password matches, or null; unknown e-mails take as long as wrong passwords. */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user?.passwordHash || user.deletedAt) {
    await verifyAgainstDecoy(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** A live account by id; a deleted one is no one (its sessions stop working at once). */
export async function findUserById(id: string): Promise<User | null> {
  const user = await db.user.findUnique({ where: { id } });
  return user && !user.deletedAt ? user : null;
}

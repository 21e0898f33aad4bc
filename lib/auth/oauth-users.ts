// Users who sign in with Google or Apple: find them by linked account, link an existing account
// with the same verified e-mail, or create a new trial account. Google and Apple vouch for the
// address, so these accounts count as verified.
import "server-only";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/locales";
import { markEmailVerified } from "./email-verification";
import { createUserWithTrial } from "./users";

export interface OAuthIdentity {
  provider: string;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  image: string | null;
  /** The visitor's language, for a new account's mails. */
  locale?: Locale;
}

export class OAuthEmailNotVerifiedError extends Error {}

export async function findOrCreateOAuthUser(identity: OAuthIdentity): Promise<User> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    include: { user: true },
  });
  if (linked) return linked.user;

  const email = identity.email?.trim().toLowerCase();
  if (!email) throw new OAuthEmailNotVerifiedError("The provider did not share an e-mail address");

  const existing = await db.user.findUnique({ where: { email } });
  if (existing) {
    // Linking by e-mail is only safe when the provider has verified the address.
    if (!identity.emailVerified) throw new OAuthEmailNotVerifiedError("The provider has not verified this e-mail");
    return db.$transaction(async (tx) => {
      await tx.account.create({
        data: { userId: existing.id, provider: identity.provider, providerAccountId: identity.providerAccountId, email },
      });
      await markEmailVerified(tx, existing.id);
      return tx.user.findUniqueOrThrow({ where: { id: existing.id } });
    });
  }

  return createUserWithTrial({
    email,
    firstName: identity.firstName || email.split("@")[0] || "",
    lastName: identity.lastName,
    image: identity.image,
    emailVerifiedAt: new Date(),
    ...(identity.locale ? { locale: identity.locale } : {}),
    accounts: { create: { provider: identity.provider, providerAccountId: identity.providerAccountId, email } },
  });
}

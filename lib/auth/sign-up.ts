// Sign-up with e-mail and password, limited per address: every account starts with free credits,
// so accounts made in bulk from one network would be free credits in bulk.
import "server-only";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/locales";
import type { RegisterInput } from "@/lib/validation/auth";
import { sendVerificationInBackground } from "./email-verification";
import { takeHit } from "@/lib/rate-limit/counters";
import { registerUser } from "./users";

const WINDOW_SECONDS = 60 * 60;

export interface SignUpContext {
  ip: string;
  /** The visitor's language when the form does not say, for the account's mails. */
  locale: Locale;
  /** The site's origin, for the link in the verification mail. */
  origin: string;
}

export async function signUpWithPassword(input: RegisterInput, { ip, locale, origin }: SignUpContext): Promise<User> {
  const wait = await takeHit([{ key: `signup:ip:${ip}`, max: env().SIGNUP_RATE_LIMIT, windowSeconds: WINDOW_SECONDS }]);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new RateLimitedError(
      `Too many accounts were created from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
      "signup_rate_limited",
    );
  }
  const user = await registerUser(input, locale);
  sendVerificationInBackground(user, origin);
  return user;
}

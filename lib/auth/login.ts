// Sign-in with e-mail and password, limited per IP and e-mail so passwords cannot be guessed at speed.
import "server-only";
import { assertNotSuspended } from "@/lib/admin/suspended-account";
import { env } from "@/lib/env";
import { RateLimitedError, UnauthorizedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { clearHits, returnHit, takeHit, type Limit } from "@/lib/rate-limit/counters";
import { verifyCredentials } from "./users";

// One message for an unknown e-mail and a wrong password, so sign-in reveals no accounts.
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";

export function loginLimits(ip: string, email: string): Limit[] {
  const config = env();
  const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  return [
    // Per IP and e-mail together, so an attacker elsewhere cannot lock a person out of their account.
    { key: `login:ip-email:${ip}:${email}`, max: config.LOGIN_MAX_FAILURES_PER_EMAIL, windowSeconds },
    { key: `login:ip:${ip}`, max: config.LOGIN_MAX_FAILURES_PER_IP, windowSeconds },
  ];
}

export function tooManySignInsError(wait: number): RateLimitedError {
  const minutes = Math.ceil(wait / 60);
  return new RateLimitedError(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
}

export async function signInWithPassword(input: { email: string; password: string; ip: string }): Promise<User> {
  const limits = loginLimits(input.ip, input.email);
  // Every attempt is counted before the password is checked; a right one is taken back below.
  const wait = await takeHit(limits);
  if (wait !== null) throw tooManySignInsError(wait);
  const user = await verifyCredentials(input.email, input.password);
  if (!user) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, "invalid_credentials");
  await clearHits([limits[0]!.key]);
  await returnHit([limits[1]!.key]);
  // Only after the password was right, so the refusal tells no stranger the account is suspended.
  assertNotSuspended(user);
  return user;
}

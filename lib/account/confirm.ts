// Proof that the person deleting an account owns it: the password (counted by the sign-in limits, so
// a stolen session cannot guess it at speed), or, for accounts without one, a sign-in with Google
// or Apple in the last few minutes.
import "server-only";
import { tooManySignInsError, loginLimits } from "@/lib/auth/login";
import { verifyPassword } from "@/lib/auth/password";
import { clearHits, returnHit, takeHit } from "@/lib/rate-limit/counters";
import { BadRequestError, ForbiddenError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";

export const FRESH_SIGN_IN_SECONDS = 10 * 60;

export function signedInRecently(signedInAt: number | null, now = Date.now()): boolean {
  return signedInAt !== null && now / 1000 - signedInAt <= FRESH_SIGN_IN_SECONDS;
}

export async function confirmAccountOwner(user: User, input: { password?: string; signedInAt: number | null; ip: string }): Promise<void> {
  if (!user.passwordHash) {
    if (signedInRecently(input.signedInAt)) return;
    throw new ForbiddenError("For your safety, please sign in again, then delete your account within 10 minutes.", "reauthentication_required");
  }
  if (input.password === undefined) throw new BadRequestError("Please enter your password.", "password_required");
  const limits = loginLimits(input.ip, user.email);
  const wait = await takeHit(limits);
  if (wait !== null) throw tooManySignInsError(wait);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new ForbiddenError("The password is not correct.", "wrong_password");
  await clearHits([limits[0]!.key]);
  await returnHit([limits[1]!.key]);
}

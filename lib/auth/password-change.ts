// Changing the password from the account page: the current one is checked through the sign-in
// limits (so a borrowed, signed-in browser cannot guess it at speed), and every other session ends.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError, ForbiddenError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { ChangePasswordInput } from "@/lib/validation/auth";
import { loginLimits, tooManySignInsError } from "./login";
import { hashPassword, verifyPassword } from "./password";
import { clearHits, returnHit, takeHit } from "@/lib/rate-limit/counters";
import { endOtherSessions } from "./sessions";

/** Returns how many other sessions were ended. */
export async function changePassword(user: User, sessionId: string, input: ChangePasswordInput, ip: string): Promise<number> {
  if (!user.passwordHash) {
    throw new BadRequestError("This account signs in with Google or Apple and has no password yet. Use “Forgot password?” to set one.", "no_password");
  }
  const limits = loginLimits(ip, user.email);
  const wait = await takeHit(limits);
  if (wait !== null) throw tooManySignInsError(wait);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new ForbiddenError("Your current password is not correct.", "wrong_password");
  }
  await clearHits([limits[0]!.key]);
  await returnHit([limits[1]!.key]);
  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.emailToken.deleteMany({ where: { userId: user.id, purpose: "reset_password", usedAt: null } });
    return endOtherSessions(user.id, sessionId, tx);
  });
}

// Two-step sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, as
// every app reads it) and recovery codes. The app's secret is sealed at rest (lib/crypto/secret-box.ts).
// A code is accepted only in a time step later than the last one accepted, set by a conditional
// UPDATE, so a code seen over someone's shoulder (or sent twice at once) passes once. Every check of a
// code is counted first, per account and per address: five wrong codes in fifteen minutes lock that
// account (or address) out until the window ends, a right code included; a right code clears the
// account's count. The sign-in's second step (lib/auth/two-factor-challenge.ts) calls verifySecondFactor.
import "server-only";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { needsResealing, openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError, ForbiddenError, RateLimitedError, UnauthorizedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { clearHits, returnHit, takeHit, type Limit } from "@/lib/rate-limit/counters";
import type { DisableTwoFactorInput, TwoFactorEnrolment, TwoFactorStatus } from "@/lib/validation/two-factor";
import { loginLimits, tooManySignInsError } from "./login";
import { verifyPassword } from "./password";
import { canonicalCode, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from "./recovery-codes";

export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_WINDOW_SECONDS = 15 * 60;

const ISSUER = "Pictura";
const TOTP_SETTINGS = { issuer: ISSUER, algorithm: "SHA1", digits: 6, period: 30 } as const;
const APP_CODE = /^\d{6}$/;

/** Which factor passed: the app's code or a recovery code. */
export type SecondFactor = "totp" | "recovery_code";

// One message for every wrong code, whichever kind it was meant to be.
const invalidCode = () => new UnauthorizedError("That code is not valid.", "invalid_code");
const alreadyOn = () => new ConflictError("Two-step sign-in is already on for this account.", "two_factor_enabled");
const notOn = () => new ConflictError("Two-step sign-in is not on for this account.", "two_factor_disabled");
const changedMeanwhile = () => new ConflictError("Two-step sign-in was changed in another window. Please start again.", "two_factor_changed");

function tooManyCodesError(wait: number): RateLimitedError {
  const minutes = Math.ceil(wait / 60);
  return new RateLimitedError(`Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
}

function codeLimits(userId: string, ip: string): [Limit, Limit] {
  return [
    { key: `two-factor:account:${userId}`, max: TWO_FACTOR_MAX_FAILURES, windowSeconds: TWO_FACTOR_WINDOW_SECONDS },
    { key: `two-factor:ip:${ip}`, max: TWO_FACTOR_MAX_FAILURES, windowSeconds: TWO_FACTOR_WINDOW_SECONDS },
  ];
}

/**
 * Runs one check of a code, counted before it runs so a parallel burst cannot pass the limit
 * together; `check` answers null for a wrong code. A right code clears the account's count and
 * takes its own hit back from the address.
 */
async function countedCheck<T>(userId: string, ip: string, check: () => Promise<T | null>): Promise<T> {
  const [account, address] = codeLimits(userId, ip);
  const wait = await takeHit([account, address]);
  if (wait !== null) throw tooManyCodesError(wait);
  const result = await check();
  if (result === null) throw invalidCode();
  await clearHits([account.key]);
  await returnHit([address.key]);
  return result;
}

/** The app's secret (base32), or null when the account has none (or one that was never sealed). */
function totpSecretOf(user: Pick<User, "totpSecret" | "totpSecretKeyId">): string | null {
  if (!user.totpSecret || !user.totpSecretKeyId) return null;
  return openSecret(user.totpSecret, user.totpSecretKeyId, "totp-secret");
}

/** The time step the code belongs to, within one step either side of `now`; null when it matches none. */
function matchedStep(secret: string, code: string, now: number): number | null {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Accepts an app code once: only in a step after the last accepted one, and only for the secret it was checked against. */
async function acceptAppCode(user: User, code: string, now: number): Promise<boolean> {
  const secret = totpSecretOf(user);
  if (secret === null) return false;
  const step = matchedStep(secret, code, now);
  if (step === null) return false;
  const { count } = await db.user.updateMany({
    where: { id: user.id, totpSecret: user.totpSecret, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: BigInt(step) },
  });
  if (count === 1 && needsResealing(user.totpSecretKeyId)) {
    // Read under a retired key: sealed under the current one, unless it changed meanwhile.
    const sealed = sealSecret(secret, "totp-secret");
    await db.user.updateMany({ where: { id: user.id, totpSecret: user.totpSecret }, data: { totpSecret: sealed.ciphertext, totpSecretKeyId: sealed.keyId } });
  }
  return count === 1;
}

/** Accepts an app code or an unused recovery code of an account with two-step sign-in on. */
async function acceptCode(user: User, code: string, now: number): Promise<SecondFactor | null> {
  if (!user.totpEnabledAt) return null;
  const canonical = canonicalCode(code);
  if (APP_CODE.test(canonical)) return (await acceptAppCode(user, canonical, now)) ? "totp" : null;
  return (await spendRecoveryCode(user.id, canonical, new Date(now))) ? "recovery_code" : null;
}

async function currentUser(user: Pick<User, "id">): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** A new secret for the app, replacing one not confirmed yet; the account keeps signing in with one step until confirmEnrolment. */
export async function startEnrolment(user: Pick<User, "id" | "email">): Promise<TwoFactorEnrolment> {
  const secret = new Secret({ size: 20 });
  const sealed = sealSecret(secret.base32, "totp-secret");
  const { count } = await db.user.updateMany({
    where: { id: user.id, totpEnabledAt: null },
    data: { totpSecret: sealed.ciphertext, totpSecretKeyId: sealed.keyId, totpLastStep: null },
  });
  if (count !== 1) throw alreadyOn();
  const uri = new TOTP({ ...TOTP_SETTINGS, label: user.email, secret }).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: secret.base32, uri, qrSvg };
}

/** Turns two-step sign-in on with the app's first code, and returns the ten recovery codes (the only time they are shown). */
export async function confirmEnrolment(user: Pick<User, "id">, code: string, ip: string, now: number = Date.now()): Promise<string[]> {
  const current = await currentUser(user);
  if (current.totpEnabledAt) throw alreadyOn();
  const secret = totpSecretOf(current);
  if (secret === null) throw new ConflictError("Start setting up two-step sign-in first.", "two_factor_not_started");
  const step = await countedCheck(current.id, ip, async () => {
    const canonical = canonicalCode(code);
    return APP_CODE.test(canonical) ? matchedStep(secret, canonical, now) : null;
  });
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: current.id, totpEnabledAt: null, totpSecret: current.totpSecret },
      data: { totpEnabledAt: new Date(now), totpLastStep: BigInt(step) },
    });
    if (count !== 1) throw changedMeanwhile();
    return replaceRecoveryCodes(current.id, tx);
  });
}

/**
 * The second factor of a sign-in: a 6-digit app code or a recovery code, each accepted once. A wrong
 * code is a 401 `invalid_code` that does not say which kind was wrong; a locked account or address a 429.
 */
export async function verifySecondFactor(userId: string, code: string, ip: string, now: number = Date.now()): Promise<SecondFactor> {
  const user = await db.user.findUnique({ where: { id: userId } });
  return countedCheck(userId, ip, async () => (user ? acceptCode(user, code, now) : null));
}

/** The password check of a change to the account's security, within the sign-in limits (as a password change is). */
async function assertPassword(user: User, password: string | undefined, ip: string): Promise<void> {
  // Accounts from Google or Apple have no password: the code alone confirms.
  if (!user.passwordHash) return;
  if (!password) throw new BadRequestError("Please enter your password.", "password_required");
  const limits = loginLimits(ip, user.email);
  const wait = await takeHit(limits);
  if (wait !== null) throw tooManySignInsError(wait);
  if (!(await verifyPassword(user.passwordHash, password))) throw new ForbiddenError("Your password is not correct.", "wrong_password");
  await clearHits([limits[0]!.key]);
  await returnHit([limits[1]!.key]);
}

/** Turns two-step sign-in off: the account's password (if it has one) and a code; the secret and recovery codes go. */
export async function disableTwoFactor(user: Pick<User, "id">, input: DisableTwoFactorInput, ip: string, now: number = Date.now()): Promise<void> {
  const current = await currentUser(user);
  if (!current.totpEnabledAt) throw notOn();
  await assertPassword(current, input.password, ip);
  await countedCheck(current.id, ip, () => acceptCode(current, input.code, now));
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: current.id }, data: { totpSecret: null, totpSecretKeyId: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: current.id } });
    // A sign-in waiting for its code no longer needs one.
    await tx.twoFactorChallenge.deleteMany({ where: { userId: current.id } });
  });
}

/** Ten new recovery codes in place of the old ones, for a code (from the app, or one of the old codes). */
export async function regenerateRecoveryCodes(user: Pick<User, "id">, code: string, ip: string, now: number = Date.now()): Promise<string[]> {
  const current = await currentUser(user);
  if (!current.totpEnabledAt) throw notOn();
  await countedCheck(current.id, ip, () => acceptCode(current, code, now));
  return db.$transaction(async (tx) => {
    // The account's row is locked, so turning two-step sign-in off meanwhile cannot leave codes behind.
    const [row] = await tx.$queryRaw<{ totpEnabledAt: Date | null }[]>`SELECT "totpEnabledAt" FROM "users" WHERE "id" = ${current.id} FOR UPDATE`;
    if (!row?.totpEnabledAt) throw changedMeanwhile();
    return replaceRecoveryCodes(current.id, tx);
  });
}

export async function twoFactorStatus(user: Pick<User, "id">): Promise<TwoFactorStatus> {
  const current = await currentUser(user);
  const enabled = current.totpEnabledAt !== null;
  return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(current.id) : 0 };
}

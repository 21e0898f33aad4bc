// The second step of a sign-in for an account with two-step sign-in: a right password (or a reset
// link, or Google) gives no session, only a challenge in an httpOnly cookie; a code or a recovery code
// then gives the session, marked as having passed a second factor, once. Accounts without two-step
// sign-in are signed in at once, as before.
import { Secret, TOTP } from "otpauth";
import { POST as secondStep } from "@/app/api/auth/two-factor/route";
import { GET as continueSecondStep } from "@/app/api/auth/two-factor/continue/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as resetPasswordRoute } from "@/app/api/auth/reset-password/route";
import { hashPassword } from "@/lib/auth/password";
import { createEmailToken } from "@/lib/auth/email-tokens";
import { RESET_LIFETIME_MS } from "@/lib/auth/password-reset";
import { confirmEnrolment, startEnrolment } from "@/lib/auth/two-factor";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sealStoredSecrets } from "@/lib/crypto/secret-sealing";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { setSettings } from "../setup/settings";

const PASSWORD = "correct horse battery staple";
const SESSION_COOKIE = "pictura.session-token";
const CHALLENGE_COOKIE = "pictura.two-factor";

/** The code of `secret` one step from now: valid now (one step either side), and later than the step spent at set-up. */
const nextCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

/** A user with a password and two-step sign-in set up a minute ago. */
/** A 6-digit code that is none of the ones valid now (this step or one either side). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset })));
  for (let candidate = 0; ; candidate += 1) if (!valid.has(String(candidate).padStart(6, "0"))) return String(candidate).padStart(6, "0");
}

async function twoStepUser() {
  const { user } = await signedInUser();
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
  const { secret } = await startEnrolment(user);
  const setUpAt = Date.now() - 60_000;
  const recoveryCodes = await confirmEnrolment(user, TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: setUpAt }), uniqueIp(), setUpAt);
  return { user, secret, recoveryCodes };
}

/** The value a response sets for a cookie (null when it sets none, "" when it clears it). */
function setCookie(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return null;
}

async function passwordStep(email: string, ip = uniqueIp()) {
  const response = await login(apiRequest("POST", "/api/auth/login", { ip, body: { email, password: PASSWORD } }));
  return { response, challenge: setCookie(response, CHALLENGE_COOKIE), ip };
}

const codeStep = (challenge: string | null, code: string, ip = uniqueIp()) =>
  secondStep(apiRequest("POST", "/api/auth/two-factor", { ip, body: { code }, cookie: challenge === null ? undefined : `${CHALLENGE_COOKIE}=${challenge}` }));

describe("two-step sign-in", () => {
  it("asks a right password for a code, and starts no session until the code", async () => {
    const { user, secret } = await twoStepUser();
    const sessionsBefore = await db.authSession.count({ where: { userId: user.id } });
    const { response, challenge } = await passwordStep(user.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: true });
    expect(setCookie(response, SESSION_COOKIE)).toBeNull();
    expect(challenge).toMatch(/^[\w-]{40,}$/);
    expect(response.headers.getSetCookie().find((line) => line.startsWith(CHALLENGE_COOKIE))).toMatch(/HttpOnly/i);
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(sessionsBefore);
    // Only the challenge's hash is stored.
    expect(await db.twoFactorChallenge.count({ where: { tokenHash: challenge! } })).toBe(0);

    const signedIn = await codeStep(challenge, nextCode(secret));
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).email).toBe(user.email);
    expect(setCookie(signedIn, SESSION_COOKIE)).toBeTruthy();
    expect(setCookie(signedIn, CHALLENGE_COOKIE)).toBe("");
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(session.method).toBe("password");
    expect(session.secondFactorAt).not.toBeNull();
  });

  it("refuses a wrong code without saying which factor was wrong, and the challenge still takes the right one", async () => {
    const { user, secret } = await twoStepUser();
    const { challenge } = await passwordStep(user.email);
    const wrong = await codeStep(challenge, wrongCode(secret));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_code", message: "That code is not valid." });
    expect(setCookie(wrong, SESSION_COOKIE)).toBeNull();
    expect((await codeStep(challenge, nextCode(secret))).status).toBe(200);
  });

  it("ends a challenge once: the same challenge, or two at once, start one session at most", async () => {
    const { user, recoveryCodes } = await twoStepUser();
    const { challenge } = await passwordStep(user.email);
    const sessionsBefore = await db.authSession.count({ where: { userId: user.id } });
    const answers = await Promise.all([codeStep(challenge, recoveryCodes[0]!), codeStep(challenge, recoveryCodes[1]!)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(sessionsBefore + 1);
    const again = await codeStep(challenge, recoveryCodes[2]!);
    expect(again.status).toBe(401);
    expect((await again.json()).error).toBe("two_factor_expired");
  });

  it("refuses the second step with no challenge, a made-up one or an expired one", async () => {
    const { user, recoveryCodes } = await twoStepUser();
    expect((await (await codeStep(null, recoveryCodes[0]!)).json()).error).toBe("two_factor_expired");
    expect((await (await codeStep("a".repeat(43), recoveryCodes[0]!)).json()).error).toBe("two_factor_expired");
    const { challenge } = await passwordStep(user.email);
    await db.twoFactorChallenge.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await codeStep(challenge, recoveryCodes[0]!);
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ error: "two_factor_expired", message: "This sign-in has expired. Please sign in again." });
    // The recovery code was not spent on an expired sign-in.
    expect(await db.recoveryCode.count({ where: { userId: user.id, usedAt: { not: null } } })).toBe(0);
  });

  it("answers a malformed code with 400, never a 500", async () => {
    const { user } = await twoStepUser();
    const { challenge } = await passwordStep(user.email);
    for (const body of [{}, { code: "" }, { code: 123456 }, { code: "x".repeat(500) }]) {
      const response = await secondStep(apiRequest("POST", "/api/auth/two-factor", { body, cookie: `${CHALLENGE_COOKIE}=${challenge}` }));
      expect(response.status).toBe(400);
    }
  });

  it("signs an account without two-step sign-in in at once, as before", async () => {
    const { user } = await signedInUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
    const { response, challenge } = await passwordStep(user.email);
    expect((await response.json()).email).toBe(user.email);
    expect(setCookie(response, SESSION_COOKIE)).toBeTruthy();
    expect(challenge).toBeNull();
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(session.secondFactorAt).toBeNull();
  });

  it("asks for a code after a password reset too, since the link proves only the mailbox", async () => {
    const { user, secret } = await twoStepUser();
    // The link's token, as the reset mail carries it.
    const token = await createEmailToken(user.id, "reset_password", RESET_LIFETIME_MS);
    const reset = await resetPasswordRoute(apiRequest("POST", "/api/auth/reset-password", { body: { token, password: "a new long password 42" } }));
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ twoFactorRequired: true });
    expect(setCookie(reset, SESSION_COOKIE)).toBeNull();
    const signedIn = await codeStep(setCookie(reset, CHALLENGE_COOKIE), nextCode(secret));
    expect(signedIn.status).toBe(200);
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect([session.method, session.secondFactorAt !== null]).toEqual(["reset", true]);
  });

  it("takes a provider's sign-in on to the code form, with its challenge in the cookie", async () => {
    const response = await continueSecondStep(
      apiRequest("GET", `/api/auth/two-factor/continue?challenge=${"c".repeat(43)}`, { headers: { "accept-language": "es" } }),
    );
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search).toBe("/es/auth?step=code");
    expect(setCookie(response, CHALLENGE_COOKIE)).toBe("c".repeat(43));
    expect((await continueSecondStep(apiRequest("GET", "/api/auth/two-factor/continue?challenge=short"))).status).toBe(400);
  });
});

describe("an authenticator secret under a rotated key", () => {
  it("is sealed again by the scheduled sealing, so the old key can go and codes still work", async () => {
    const { user, secret } = await twoStepUser();
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    setSettings({
      ENCRYPTION_KEY: "a-new-encryption-key-of-more-than-32-characters",
      ENCRYPTION_KEY_PREVIOUS: env().AUTH_SECRET,
    });
    expect(await sealStoredSecrets()).toBeGreaterThanOrEqual(1);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.totpSecretKeyId).not.toBe(before.totpSecretKeyId);
    expect(after.totpSecret).not.toBe(before.totpSecret);
    // The retired key is dropped: the secret opens under the new one alone.
    setSettings({ ENCRYPTION_KEY_PREVIOUS: undefined });
    const { challenge } = await passwordStep(user.email);
    expect((await codeStep(challenge, nextCode(secret))).status).toBe(200);
  });
});

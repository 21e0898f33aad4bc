// Two-step sign-in with an authenticator app: setting it up from the account, its codes (each time
// step accepted once, even when sent twice at once), the recovery codes (ten, stored hashed, each
// single-use), the lock-out after five wrong codes per account and per address, and turning it off
// with the password and a code. Codes are computed for fixed moments, passed to the services as
// their clock, so no test depends on when it runs.
import { Secret, TOTP } from "otpauth";
import { POST as confirmRoute } from "@/app/api/account/two-factor/confirmation/route";
import { POST as enrolmentRoute } from "@/app/api/account/two-factor/enrolment/route";
import { POST as recoveryCodesRoute } from "@/app/api/account/two-factor/recovery-codes/route";
import { DELETE as disableRoute, GET as statusRoute } from "@/app/api/account/two-factor/route";
import { hashPassword } from "@/lib/auth/password";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  TWO_FACTOR_WINDOW_SECONDS,
  twoFactorStatus,
  verifySecondFactor,
} from "@/lib/auth/two-factor";
import { db } from "@/lib/db";
import { DomainError, RateLimitedError } from "@/lib/errors";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";

/** A moment at the start of a 30-second step, and the steps after it. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const step = (n: number) => T0 + n * 30_000;

function codeAt(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** A code of this secret that is not the right one at `timestamp` (nor a step either side). */
function wrongCodeAt(secret: string, timestamp: number): string {
  const near = new Set([-1, 0, 1].map((n) => codeAt(secret, timestamp + n * 30_000)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

/**
 * A signed-in user with two-step sign-in on, set up at T0 (or `at`: routes read the real clock, so a
 * test of them sets up a minute ago, leaving the steps from now on unspent); with a password when asked.
 */
async function enrolledUser(options: { password?: string; at?: number } = {}) {
  const { user, cookie } = await signedInUser();
  if (options.password) await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(options.password) } });
  const { secret } = await startEnrolment(user);
  const at = options.at ?? T0;
  const recoveryCodes = await confirmEnrolment(user, codeAt(secret, at), uniqueIp(), at);
  return { user, cookie, secret, recoveryCodes };
}

/** What a call refused with: the domain error's status and code. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("The call was not refused");
}

const INVALID = { status: 401, code: "invalid_code", message: "That code is not valid." };

describe("setting up two-step sign-in", () => {
  it("gives a secret, an otpauth address and a QR code, and turns on with the app's first code", async () => {
    const { user } = await signedInUser();
    const enrolment = await startEnrolment(user);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri.startsWith(`otpauth://totp/Pictura:${encodeURIComponent(user.email)}?issuer=Pictura&`)).toBe(true);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>\s*$/);
    // Sealed at rest, and not on until confirmed.
    const pending = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(pending.totpSecret).not.toContain(enrolment.secret);
    expect(pending.totpSecretKeyId).toEqual(expect.any(String));
    expect(pending.totpEnabledAt).toBeNull();
    expect(await twoFactorStatus(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const recoveryCodes = await confirmEnrolment(user, codeAt(enrolment.secret, step(1)), uniqueIp(), step(1));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    const enabled = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(enabled.totpEnabledAt).toEqual(new Date(step(1)));
    expect(enabled.totpLastStep).toBe(BigInt(step(1) / 30_000));
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("refuses a wrong first code and stays off; a new start replaces the unconfirmed secret", async () => {
    const { user } = await signedInUser();
    const first = await startEnrolment(user);
    expect(await refusal(confirmEnrolment(user, wrongCodeAt(first.secret, T0), uniqueIp(), T0))).toEqual(INVALID);
    expect(await twoFactorStatus(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const second = await startEnrolment(user);
    expect(second.secret).not.toBe(first.secret);
    expect(await refusal(confirmEnrolment(user, codeAt(first.secret, T0), uniqueIp(), T0))).toEqual(INVALID);
    expect(await confirmEnrolment(user, codeAt(second.secret, T0), uniqueIp(), T0)).toHaveLength(10);
  });

  it("works through the account's routes, and refuses to start again while it is on", async () => {
    const { user, cookie } = await signedInUser();
    const started = await enrolmentRoute(apiRequest("POST", "/api/account/two-factor/enrolment", { cookie }));
    expect(started.status).toBe(201);
    expect(started.headers.get("cache-control")).toBe("no-store");
    const { secret, uri, qrSvg } = await started.json();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toContain("<svg");

    const code = codeAt(secret, Date.now());
    const confirmed = await confirmRoute(
      apiRequest("POST", "/api/account/two-factor/confirmation", { cookie, body: { code: `${code.slice(0, 3)} ${code.slice(3)}` } }),
    );
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).recoveryCodes).toHaveLength(10);
    const status = await statusRoute(apiRequest("GET", "/api/account/two-factor", { cookie }));
    expect(await status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const again = await enrolmentRoute(apiRequest("POST", "/api/account/two-factor/enrolment", { cookie }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "two_factor_enabled" });
    // The secret in use is not replaced by the refused start.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).not.toBeNull();
  });
});

describe("codes from the app", () => {
  it("accepts a code within one step either side, and never the same step twice", async () => {
    const { user, secret } = await enrolledUser();
    // The step the enrolment was confirmed in is spent, as is any before it.
    expect(await refusal(verifySecondFactor(user.id, codeAt(secret, T0), uniqueIp(), step(1)))).toEqual(INVALID);
    expect(await verifySecondFactor(user.id, codeAt(secret, step(2)), uniqueIp(), step(3))).toBe("totp");
    expect(await refusal(verifySecondFactor(user.id, codeAt(secret, step(2)), uniqueIp(), step(3)))).toEqual(INVALID);
    expect(await refusal(verifySecondFactor(user.id, codeAt(secret, step(2)), uniqueIp(), step(2)))).toEqual(INVALID);
    // Two steps away from the clock is too far.
    expect(await refusal(verifySecondFactor(user.id, codeAt(secret, step(10)), uniqueIp(), step(12)))).toEqual(INVALID);
    expect(await verifySecondFactor(user.id, codeAt(secret, step(12)), uniqueIp(), step(12))).toBe("totp");
  });

  it("accepts one of two parallel uses of the same code", async () => {
    const { user, secret } = await enrolledUser();
    const code = codeAt(secret, step(5));
    const results = await Promise.allSettled([
      verifySecondFactor(user.id, code, uniqueIp(), step(5)),
      verifySecondFactor(user.id, code, uniqueIp(), step(5)),
      verifySecondFactor(user.id, code, uniqueIp(), step(5)),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 401, code: "invalid_code" });
    }
  });
});

describe("recovery codes", () => {
  it("are stored only as hashes", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const rows = await db.$queryRaw<{ row: string }[]>`SELECT row_to_json(r)::text AS "row" FROM "recovery_codes" r WHERE "userId" = ${user.id}`;
    expect(rows).toHaveLength(10);
    const stored = rows.map(({ row }) => row).join("\n");
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    const hashes = await db.recoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    for (const { codeHash } of hashes) expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("each work once, typed in any case and spacing, and a wrong one is refused like a wrong app code", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const [first, second] = recoveryCodes as [string, string];
    expect(await verifySecondFactor(user.id, first, uniqueIp(), step(1))).toBe("recovery_code");
    expect(await refusal(verifySecondFactor(user.id, first, uniqueIp(), step(1)))).toEqual(INVALID);
    expect(await verifySecondFactor(user.id, ` ${second.toUpperCase().replace("-", " ")} `, uniqueIp(), step(1))).toBe("recovery_code");
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 8 });

    expect(await refusal(verifySecondFactor(user.id, "zzzzz-zzzzz", uniqueIp(), step(1)))).toEqual(INVALID);
    expect(await refusal(verifySecondFactor(user.id, wrongCodeAt(secret, step(1)), uniqueIp(), step(1)))).toEqual(INVALID);
  });

  it("accepts one of two parallel uses of the same recovery code", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const results = await Promise.allSettled([
      verifySecondFactor(user.id, recoveryCodes[3]!, uniqueIp(), step(1)),
      verifySecondFactor(user.id, recoveryCodes[3]!, uniqueIp(), step(1)),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });

  it("are replaced by new ones for a code, and the old ones stop working", async () => {
    const { user, cookie, secret, recoveryCodes } = await enrolledUser();
    const fresh = await regenerateRecoveryCodes(user, codeAt(secret, step(1)), uniqueIp(), step(1));
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toHaveLength(0);
    expect(await refusal(verifySecondFactor(user.id, recoveryCodes[0]!, uniqueIp(), step(2)))).toEqual(INVALID);
    expect(await verifySecondFactor(user.id, fresh[0]!, uniqueIp(), step(2))).toBe("recovery_code");

    // Through the route, with one of the new codes.
    const response = await recoveryCodesRoute(apiRequest("POST", "/api/account/two-factor/recovery-codes", { cookie, body: { code: fresh[1] } }));
    expect(response.status).toBe(200);
    expect((await response.json()).recoveryCodes).toHaveLength(10);
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });
});

describe("lock-out after five wrong codes", () => {
  it("refuses an account for the window after five wrong codes, even with the right code, from any address", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await refusal(verifySecondFactor(user.id, wrongCodeAt(secret, step(1)), uniqueIp(), step(1)))).toEqual(INVALID);
    }
    const locked = verifySecondFactor(user.id, codeAt(secret, step(1)), uniqueIp(), step(1));
    await expect(locked).rejects.toBeInstanceOf(RateLimitedError);
    await expect(locked).rejects.toMatchObject({ status: 429 });
    const wait = await locked.catch((error: RateLimitedError) => error.retryAfterSeconds);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TWO_FACTOR_WINDOW_SECONDS);
    // A recovery code is refused too.
    await expect(verifySecondFactor(user.id, recoveryCodes[0]!, uniqueIp(), step(1))).rejects.toBeInstanceOf(RateLimitedError);

    // Once the window has passed, the right code works again.
    await db.$executeRaw`UPDATE "rate_limit_buckets" SET "resetAt" = now() - interval '1 second' WHERE "key" = ${`two-factor:account:${user.id}`}`;
    expect(await verifySecondFactor(user.id, codeAt(secret, step(1)), uniqueIp(), step(1))).toBe("totp");
  });

  it("starts the account's count afresh after a right code", async () => {
    const { user, secret } = await enrolledUser();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(verifySecondFactor(user.id, wrongCodeAt(secret, step(1)), uniqueIp(), step(1))).rejects.toMatchObject(INVALID);
    }
    expect(await verifySecondFactor(user.id, codeAt(secret, step(1)), uniqueIp(), step(1))).toBe("totp");
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(verifySecondFactor(user.id, wrongCodeAt(secret, step(2)), uniqueIp(), step(2))).rejects.toMatchObject(INVALID);
    }
    expect(await verifySecondFactor(user.id, codeAt(secret, step(2)), uniqueIp(), step(2))).toBe("totp");
  });

  it("refuses an address after five wrong codes across accounts, and the accounts from elsewhere", async () => {
    const ip = uniqueIp();
    const accounts = await Promise.all([enrolledUser(), enrolledUser(), enrolledUser()]);
    const [a, b, c] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];
    for (const { user, secret } of [a, a, a, b, b]) {
      await expect(verifySecondFactor(user.id, wrongCodeAt(secret, step(1)), ip, step(1))).rejects.toMatchObject(INVALID);
    }
    await expect(verifySecondFactor(c.user.id, codeAt(c.secret, step(1)), ip, step(1))).rejects.toBeInstanceOf(RateLimitedError);
    // Neither c nor b has five wrong codes of its own: from another address, they pass.
    expect(await verifySecondFactor(c.user.id, codeAt(c.secret, step(1)), uniqueIp(), step(1))).toBe("totp");
    expect(await verifySecondFactor(b.user.id, codeAt(b.secret, step(1)), uniqueIp(), step(1))).toBe("totp");
  });

  it("answers 429 with Retry-After on the account's routes", async () => {
    const { user, cookie, secret } = await enrolledUser({ at: Date.now() - 60_000 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(verifySecondFactor(user.id, wrongCodeAt(secret, Date.now()), uniqueIp(), Date.now())).rejects.toMatchObject(INVALID);
    }
    const response = await recoveryCodesRoute(
      apiRequest("POST", "/api/account/two-factor/recovery-codes", { cookie, body: { code: codeAt(secret, Date.now()) } }),
    );
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error: "rate_limited" });
  });
});

describe("turning two-step sign-in off", () => {
  it("needs the account's password and a code, then forgets the secret and the recovery codes", async () => {
    const { user, cookie, secret } = await enrolledUser({ password: "a-long-password", at: Date.now() - 60_000 });
    const off = (body: unknown) => disableRoute(apiRequest("DELETE", "/api/account/two-factor", { cookie, body }));

    const noPassword = await off({ code: codeAt(secret, Date.now()) });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ error: "password_required" });
    const wrongPassword = await off({ password: "not-the-password", code: codeAt(secret, Date.now()) });
    expect(wrongPassword.status).toBe(403);
    const wrongCode = await off({ password: "a-long-password", code: wrongCodeAt(secret, Date.now()) });
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.json()).toEqual({ error: "invalid_code", message: "That code is not valid." });
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const done = await off({ password: "a-long-password", code: codeAt(secret, Date.now()) });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ totpSecret: null, totpSecretKeyId: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    // Off, it cannot be turned off again, and a code of the old secret passes nothing.
    expect((await off({ password: "a-long-password", code: codeAt(secret, Date.now()) })).status).toBe(409);
    expect(await refusal(verifySecondFactor(user.id, codeAt(secret, step(9)), uniqueIp(), step(9)))).toEqual(INVALID);
  });

  it("takes a code alone from an account without a password (Google or Apple)", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    await disableTwoFactor(user, { code: recoveryCodes[0]! }, uniqueIp(), step(1));
    expect(await twoFactorStatus(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe("the account's two-step routes", () => {
  it("answer 401 when signed out", async () => {
    const calls = [
      statusRoute(apiRequest("GET", "/api/account/two-factor")),
      disableRoute(apiRequest("DELETE", "/api/account/two-factor", { body: { code: "123456" } })),
      enrolmentRoute(apiRequest("POST", "/api/account/two-factor/enrolment")),
      confirmRoute(apiRequest("POST", "/api/account/two-factor/confirmation", { body: { code: "123456" } })),
      recoveryCodesRoute(apiRequest("POST", "/api/account/two-factor/recovery-codes", { body: { code: "123456" } })),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it("answer 400 with a readable message for malformed input", async () => {
    const { cookie } = await signedInUser();
    const confirm = (body: unknown) => confirmRoute(apiRequest("POST", "/api/account/two-factor/confirmation", { cookie, body }));
    for (const body of [{}, { code: 123456 }, { code: "12345" }, { code: "12ab56" }, { code: "1234567" }]) {
      const response = await confirm(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request", message: "Please enter the 6-digit code from your authenticator app." });
    }
    for (const body of [[], "123456", null]) {
      const response = await confirm(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toEqual(expect.any(String));
    }
    const notJson = await confirmRoute(
      apiRequest("POST", "/api/account/two-factor/confirmation", { cookie, rawBody: "{", headers: { "content-type": "application/json" } }),
    );
    expect(notJson.status).toBe(400);
    const off = await disableRoute(apiRequest("DELETE", "/api/account/two-factor", { cookie, body: { code: "x".repeat(40), password: 7 } }));
    expect(off.status).toBe(400);
    expect((await off.json()).message).toEqual(expect.any(String));
  });

  it("answer 409 to a confirmation with nothing to confirm", async () => {
    const { cookie } = await signedInUser();
    const response = await confirmRoute(apiRequest("POST", "/api/account/two-factor/confirmation", { cookie, body: { code: "123456" } }));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: "two_factor_not_started" });
  });
});

// Suspending an account: every way in is closed at once (sessions, password, API keys, two-step
// sign-in), webhooks are switched off, queued work is canceled and refunded once, and the audit trail
// has one row per change. Lifting it lets the owner sign in again.
import { Secret, TOTP } from "otpauth";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { SUPPORT_ADDRESS } from "@/lib/admin/suspended-account";
import { suspendAccount, unsuspendAccount } from "@/lib/admin/suspension";
import { startSession } from "@/lib/auth/sessions";
import { createSessionCookie } from "@/lib/auth/session";
import { completeChallenge, startChallenge } from "@/lib/auth/two-factor-challenge";
import { confirmEnrolment, startEnrolment } from "@/lib/auth/two-factor";
import { createUserWithTrial } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { cancelOperation } from "@/lib/jobs/settle";
import en from "@/messages/en.json";
import { apiKeyFor, keyRequest } from "./api-keys-helpers";
import { apiRequest, sessionCookieFor, sessionCookieFrom, uniqueEmail, uniqueIp } from "./helpers";
import { balanceOf, ledgerKinds } from "./imaging-helpers";

jest.setTimeout(60_000);

/** Set to make the next cancellation fail as if the process died there. */
const mockDeath = { next: false };
jest.mock("@/lib/jobs/cancel", () => {
  const actual = jest.requireActual<typeof import("@/lib/jobs/cancel")>("@/lib/jobs/cancel");
  return {
    ...actual,
    requestCancel: (...args: Parameters<typeof actual.requestCancel>) => {
      if (!mockDeath.next) return actual.requestCancel(...args);
      mockDeath.next = false;
      return Promise.reject(new Error("the process died"));
    },
  };
});

const PASSWORD = "correct-horse-battery";
const REASON = "Generated abusive images after two warnings";
const SUSPENDED_MESSAGE = `This account is suspended (abuse). If you think this is a mistake, write to ${SUPPORT_ADDRESS} or use the contact page.`;

const signIn = (email: string, password: string) => login(apiRequest("POST", "/api/auth/login", { body: { email, password }, ip: uniqueIp() }));
const balanceWith = (cookie: string) => balance(apiRequest("GET", "/api/credits/balance", { cookie }));
const auditOf = (userId: string) => db.auditLog.findMany({ where: { targetType: "user", targetId: userId }, orderBy: { id: "asc" } });

async function admin() {
  const created = await createUserWithTrial({ email: uniqueEmail("operator"), firstName: "Ada", lastName: "Admin" });
  return db.user.update({ where: { id: created.id }, data: { role: "admin" } });
}

/** An account with a password, two sessions, an API key, a webhook endpoint and one queued and one running operation. */
async function busyAccount() {
  const email = uniqueEmail("suspended");
  const registered = await register(apiRequest("POST", "/api/auth/register", { body: { email, password: PASSWORD, firstName: "Mallory", lastName: "Doe" } }));
  expect(registered.status).toBe(201);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  // Signed in twice: the sign-up's own session and another browser's.
  const cookies = [sessionCookieFrom(registered), await sessionCookieFor(user)];
  const { key } = await apiKeyFor(cookies[0]!);
  const endpoint = await db.webhookEndpoint.create({
    data: { userId: user.id, url: "https://hooks.example.com/pictura", events: ["operation.succeeded"], secret: "whsec_test" },
  });
  const queued = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
  const running = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "an owl", params: {} });
  await db.operation.update({ where: { id: running.id }, data: { status: "running", startedAt: new Date() } });
  return { user, email, cookies, key, endpoint, queued, running };
}

describe("suspending an account", () => {
  it("ends its sessions, refuses its password and key, pauses its webhooks and refunds its queued work once", async () => {
    const operator = await admin();
    const account = await busyAccount();
    const { user } = account;
    for (const cookie of account.cookies) expect((await balanceWith(cookie)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(56);

    const outcome = await suspendAccount({ actor: { id: operator.id }, userId: user.id, category: "abuse", reason: REASON, address: "203.0.113.7" });
    expect(outcome).toMatchObject({ suspended: true, changed: true, sessionsEnded: 2, webhookEndpointsPaused: 1, operationsCanceled: 1 });

    // Sessions: gone, and an old cookie signs no one in.
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
    for (const cookie of account.cookies) expect((await balanceWith(cookie)).status).toBe(401);

    // Password: a wrong one is the usual refusal, which tells nothing; the right one says why.
    const wrong = await signIn(account.email, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_credentials", message: "Invalid email or password." });
    const refused = await signIn(account.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "account_suspended", message: SUSPENDED_MESSAGE });
    expect(refused.headers.getSetCookie().some((line) => line.includes("session-token="))).toBe(false);
    expect(SUPPORT_ADDRESS).toBe(en.Legal.contactEmail);

    // API key: a 403 that says the account is suspended, not the 401 of a wrong key.
    const keyCall = await balance(keyRequest("GET", "/api/credits/balance", account.key));
    expect(keyCall.status).toBe(403);
    expect(await keyCall.json()).toMatchObject({ error: "account_suspended", message: SUSPENDED_MESSAGE });

    // Webhooks: switched off.
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: account.endpoint.id } })).disabledAt).not.toBeNull();

    // Work: the queued operation is canceled and refunded once; the running one goes on.
    expect((await db.operation.findUniqueOrThrow({ where: { id: account.queued.id } })).status).toBe("canceled");
    expect(await db.operation.findUniqueOrThrow({ where: { id: account.running.id } })).toMatchObject({ status: "running", cancelRequested: false });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2", "refund:2"]);
    const last = await db.creditTransaction.findFirstOrThrow({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(last.balanceAfter).toBe(58);
    expect(await balanceOf(user.id)).toBe(58);

    // The account and its one audit row.
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ suspensionCategory: "abuse", suspensionReason: REASON });
    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorType: "admin",
      actorId: operator.id,
      action: "user.suspend",
      targetType: "user",
      targetId: user.id,
      reason: REASON,
      address: "203.0.113.7",
      before: { suspended: false, category: null },
      after: { suspended: true, category: "abuse", webhookEndpointsPaused: [account.endpoint.id] },
    });

    // Suspending again changes nothing and writes nothing.
    const again = await suspendAccount({
      actor: { id: operator.id },
      userId: user.id,
      category: "fraud",
      reason: "Second report of the same images",
      address: null,
    });
    expect(again).toMatchObject({ suspended: true, changed: false, message: "This account is already suspended; nothing was changed." });
    expect(await auditOf(user.id)).toHaveLength(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).suspensionCategory).toBe("abuse");

    // A session row that slipped in after the suspension (a sign-in racing it) still signs no one in.
    const late = await createSessionCookie(
      { id: user.id, email: user.email, name: "Mallory Doe" },
      await startSession(user.id, "password", { device: null, country: null }),
    );
    expect((await balanceWith(`${late.name}=${late.value}`)).status).toBe(401);

    await cancelOperation(account.running.id);
  });

  it("cancels on a repeat what a suspension that died after its commit left queued", async () => {
    const operator = await admin();
    const { user, queued, running } = await busyAccount();
    // The process dies between the suspension's commit and its cancellations.
    mockDeath.next = true;
    await expect(suspendAccount({ actor: { id: operator.id }, userId: user.id, category: "abuse", reason: REASON, address: null })).rejects.toThrow(
      "the process died",
    );
    expect((await db.operation.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe("queued");

    const again = await suspendAccount({ actor: { id: operator.id }, userId: user.id, category: "abuse", reason: REASON, address: null });
    expect(again).toMatchObject({ changed: false, operationsCanceled: 1 });
    expect((await db.operation.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe("canceled");
    expect((await ledgerKinds(user.id)).filter((kind) => kind.startsWith("refund"))).toHaveLength(1);
    expect((await auditOf(user.id)).map((row) => row.action)).toEqual(["user.suspend"]);

    await cancelOperation(running.id);
  });

  it("refuses suspending oneself, a short reason, an unknown category and an unknown or deleted account", async () => {
    const operator = await admin();
    const other = await createUserWithTrial({ email: uniqueEmail("other"), firstName: "Eve", lastName: "Doe" });
    const attempt = (overrides: Partial<Parameters<typeof suspendAccount>[0]>) =>
      suspendAccount({ actor: { id: operator.id }, userId: other.id, category: "spam", reason: REASON, address: null, ...overrides }).then(
        () => null,
        (error: DomainError) => [error.status, error.code, error.message],
      );
    expect(await attempt({ userId: operator.id })).toEqual([409, "cannot_suspend_self", "You cannot suspend your own account."]);
    expect(await attempt({ reason: "  spam    " })).toEqual([
      400,
      "reason_too_short",
      "Give a reason of at least 10 characters; it is kept in the audit trail.",
    ]);
    expect(await attempt({ category: "rude" as "spam" })).toEqual([
      400,
      "invalid_suspension_category",
      "The category must be one of abuse, fraud, spam, chargeback, other.",
    ]);
    expect(await attempt({ userId: "c0000000000000000000nobody" })).toEqual([404, "user_not_found", "There is no account with this id."]);
    await db.user.update({ where: { id: other.id }, data: { deletedAt: new Date() } });
    expect(await attempt({})).toEqual([404, "user_not_found", "There is no account with this id."]);
    expect(await auditOf(other.id)).toHaveLength(0);
    expect(await auditOf(operator.id)).toHaveLength(0);
  });

  it("refuses the second step of a two-step sign-in of a suspended account", async () => {
    const operator = await admin();
    const user = await createUserWithTrial({ email: uniqueEmail("two-step"), firstName: "Trudy", lastName: "Doe" });
    const { secret } = await startEnrolment(user);
    const setUpAt = Date.now() - 60_000;
    await confirmEnrolment(user, TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: setUpAt }), uniqueIp(), setUpAt);
    const pending = await startChallenge(user.id, "password");

    await suspendAccount({ actor: { id: operator.id }, userId: user.id, category: "chargeback", reason: "Card holder disputed every payment", address: null });
    expect(await db.twoFactorChallenge.count({ where: { userId: user.id, usedAt: null } })).toBe(0);
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
    await expect(completeChallenge(pending, code(), uniqueIp(), { device: null, country: null })).rejects.toMatchObject({ status: 401 });

    // A challenge that slipped in after the suspension is refused with the suspension's 403.
    const late = await startChallenge(user.id, "password");
    await expect(completeChallenge(late, code(), uniqueIp(), { device: null, country: null })).rejects.toMatchObject({
      status: 403,
      code: "account_suspended",
      message: `This account is suspended (a disputed payment). If you think this is a mistake, write to ${SUPPORT_ADDRESS} or use the contact page.`,
    });
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("lifting a suspension", () => {
  it("lets the owner sign in again, with one audit row, and leaves the webhooks for the owner to switch on", async () => {
    const operator = await admin();
    const account = await busyAccount();
    await suspendAccount({ actor: { id: operator.id }, userId: account.user.id, category: "abuse", reason: REASON, address: null });
    await expect(unsuspendAccount({ actor: { id: operator.id }, userId: account.user.id, reason: "short", address: null })).rejects.toMatchObject({
      status: 400,
    });

    const lifted = await unsuspendAccount({
      actor: { id: operator.id },
      userId: account.user.id,
      reason: "Appeal accepted after review",
      address: "203.0.113.8",
    });
    expect(lifted).toMatchObject({ suspended: false, changed: true });
    expect(await db.user.findUniqueOrThrow({ where: { id: account.user.id } })).toMatchObject({
      suspendedAt: null,
      suspensionCategory: null,
      suspensionReason: null,
    });
    const signedIn = await signIn(account.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await balance(keyRequest("GET", "/api/credits/balance", account.key))).status).toBe(200);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: account.endpoint.id } })).disabledAt).not.toBeNull();

    const audit = await auditOf(account.user.id);
    expect(audit.map((row) => row.action)).toEqual(["user.suspend", "user.unsuspend"]);
    expect(audit[1]).toMatchObject({
      actorType: "admin",
      actorId: operator.id,
      reason: "Appeal accepted after review",
      address: "203.0.113.8",
      before: { suspended: true, category: "abuse" },
      after: { suspended: false, category: null },
    });

    const again = await unsuspendAccount({ actor: { id: operator.id }, userId: account.user.id, reason: "Appeal accepted after review", address: null });
    expect(again).toMatchObject({ suspended: false, changed: false });
    expect(await auditOf(account.user.id)).toHaveLength(2);
    await cancelOperation(account.running.id);
  });
});

// The console's view of one account and what it does to how the account gets in: its detail (profile,
// plan, status, keys, sessions, webhooks, audit), its ledger a page at a time, ending every session,
// revoking a key, sending the verification mail again, and deleting it. Each action is refused with a
// clear 4xx on bad input, writes one audit row with its reason, and acts once per Idempotency-Key.
import { randomUUID } from "node:crypto";
import { DELETE as revokeKeyRoute } from "@/app/api/admin/users/[id]/api-keys/[keyId]/route";
import { GET as ledgerRoute } from "@/app/api/admin/users/[id]/ledger/route";
import { DELETE as deleteRoute, GET as detailRoute } from "@/app/api/admin/users/[id]/route";
import { DELETE as endSessionsRoute } from "@/app/api/admin/users/[id]/sessions/route";
import { POST as mailRoute } from "@/app/api/admin/users/[id]/verification-mail/route";
import { POST as grantPlanRoute } from "@/app/api/admin/users/[id]/plan/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { adjustCredits } from "@/lib/admin/credits";
import { db } from "@/lib/db";
import { linkIn } from "../fakes/mailbox";
import { usingSiteMailbox } from "./site-mailbox";
import { adminSession, auditTrail, callAdmin, REASON } from "./admin-helpers";
import { apiKeyFor, keyRequest } from "./api-keys-helpers";
import { apiRequest, sessionCookieFor, signedInUser } from "./helpers";
import { ledgerMatchesBalance } from "./imaging-helpers";

const mailbox = usingSiteMailbox();

const detail = async (cookie: string, id: string) => {
  const response = await detailRoute(apiRequest("GET", `/api/admin/users/${id}`, { cookie }), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
};
const ledger = async (cookie: string, id: string, query = "") => {
  const response = await ledgerRoute(apiRequest("GET", `/api/admin/users/${id}/ledger${query}`, { cookie }), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
};
const signedIn = async (cookie: string) => (await balance(apiRequest("GET", "/api/credits/balance", { cookie }))).status === 200;

describe("an account in the console", () => {
  it("shows its profile, plan, status, keys, sessions, webhooks and the latest audit rows about it, and 404 for an unknown id", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const key = await apiKeyFor(userCookie, "Nightly export");
    const endpoint = await db.webhookEndpoint.create({
      data: { userId: user.id, url: "https://hooks.example.com/pictura", events: ["operation.succeeded"], secret: "whsec_test", disabledAt: new Date() },
    });
    const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const granted = await callAdmin(
      grantPlanRoute,
      "POST",
      `/api/admin/users/${user.id}/plan`,
      { id: user.id },
      {
        cookie,
        body: { planId: "essential", until: until.toISOString(), reason: REASON },
        idempotencyKey: randomUUID(),
      },
    );
    expect(granted.status).toBe(200);

    const { status, body } = await detail(cookie, user.id);
    expect(status).toBe(200);
    expect(body.profile).toEqual({
      id: user.id,
      email: user.email,
      name: "Grace Hopper",
      locale: "en",
      role: "user",
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: null,
      deletedAt: null,
      twoFactor: false,
    });
    expect(body.plan).toEqual({
      tier: "essential",
      credits: 120,
      subscription: {
        planId: "essential",
        planName: "Essential",
        status: "active",
        currentPeriodEnd: until.toISOString(),
        provider: "operator",
        granted: true,
        canceledAt: expect.any(String),
      },
    });
    expect(body.status).toEqual({ suspended: false, suspendedAt: null, category: null, reason: null });
    expect(body.galleryCount).toBe(0);
    // What may be granted does not depend on the admin's own plan: every subscription plan on sale.
    expect(body.grantablePlans.map((plan: { id: string }) => plan.id)).toEqual(expect.arrayContaining(["essential", "pro"]));
    expect(body.apiKeys).toEqual([
      { id: key.id, name: "Nightly export", prefix: key.prefix, createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
    ]);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      method: "password",
      device: null,
      country: null,
    });
    expect(body.webhooks).toEqual([
      {
        id: endpoint.id,
        url: "https://hooks.example.com/pictura",
        events: ["operation.succeeded"],
        enabled: false,
        disabled: true,
        disabledAt: endpoint.disabledAt!.toISOString(),
        consecutiveFailures: 0,
        createdAt: endpoint.createdAt.toISOString(),
      },
    ]);
    expect(body.audit).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: admin.id,
        actorEmail: admin.email,
        action: "plan.grant",
        targetType: "user",
        targetId: user.id,
        reason: REASON,
        before: { tier: "trial", credits: 60, subscription: null },
        after: expect.objectContaining({ tier: "essential", planId: "essential" }),
        address: expect.any(String),
      },
    ]);

    expect(await detail(cookie, "no-such-account")).toEqual({ status: 404, body: { error: "user_not_found", message: "There is no account with this id." } });
  });

  it("pages the ledger newest first with a cursor, and refuses a limit outside 1 to 100", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user } = await signedInUser();
    for (const delta of [5, 7, -3]) {
      await adjustCredits({ actor: { id: admin.id }, userId: user.id, delta, reason: REASON, idempotencyKey: randomUUID() });
    }
    const first = await ledger(cookie, user.id, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.items.map((row: { delta: number; balanceAfter: number }) => [row.delta, row.balanceAfter])).toEqual([
      [-3, 69],
      [7, 72],
    ]);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      kind: "adjustment",
      operation: null,
      delta: -3,
      balanceAfter: 69,
      note: REASON,
    });
    const second = await ledger(cookie, user.id, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((row: { delta: number }) => row.delta)).toEqual([5, 60]);
    expect(second.body.nextCursor).toBeNull();
    expect((await ledger(cookie, user.id)).body.items).toHaveLength(4);
    for (const query of ["?limit=0", "?limit=101", "?limit=ten"]) expect((await ledger(cookie, user.id, query)).status).toBe(400);
    expect((await ledger(cookie, "no-such-account")).status).toBe(404);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });
});

describe("ending an account's sessions from the console", () => {
  it("signs it out everywhere at once, with one audit row, and answers a repeat of the same click the same", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: first } = await signedInUser();
    const second = await sessionCookieFor(user);
    const key = randomUUID();
    const send = (idempotencyKey?: string, reason = REASON) =>
      callAdmin(endSessionsRoute, "DELETE", `/api/admin/users/${user.id}/sessions`, { id: user.id }, { cookie, body: { reason }, idempotencyKey });
    expect((await send(randomUUID(), "short")).status).toBe(400);
    expect([await signedIn(first), await signedIn(second)]).toEqual([true, true]);

    const ended = await send(key);
    expect(ended).toEqual({ status: 200, body: { sessionsEnded: 2, message: "2 sessions ended." } });
    expect([await signedIn(first), await signedIn(second)]).toEqual([false, false]);
    expect(await send(key)).toEqual(ended);
    expect((await send()).body).toEqual({ sessionsEnded: 0, message: "This account had no sessions; nothing was changed." });
    expect(await auditTrail(user.id)).toEqual([["sessions.end", "admin", admin.id, REASON]]);
    expect(
      (await callAdmin(endSessionsRoute, "DELETE", "/api/admin/users/nobody/sessions", { id: "nobody" }, { cookie, body: { reason: REASON } })).status,
    ).toBe(404);
  });
});

describe("revoking an account's API key from the console", () => {
  it("stops the key at once, writes one audit row, and says when there is no such key", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const kept = await apiKeyFor(userCookie, "Kept");
    const revoked = await apiKeyFor(userCookie, "Leaked");
    const send = (keyId: string, idempotencyKey?: string) =>
      callAdmin(
        revokeKeyRoute,
        "DELETE",
        `/api/admin/users/${user.id}/api-keys/${keyId}`,
        { id: user.id, keyId },
        { cookie, body: { reason: REASON }, idempotencyKey },
      );
    const keyWorks = async (key: string) => (await balance(keyRequest("GET", "/api/credits/balance", key))).status;
    expect(await keyWorks(revoked.key)).toBe(200);

    const idempotencyKey = randomUUID();
    const answer = await send(revoked.id, idempotencyKey);
    expect(answer).toEqual({ status: 200, body: { keyId: revoked.id, revoked: true, message: `The API key ${revoked.prefix}… is revoked.` } });
    expect(await send(revoked.id, idempotencyKey)).toEqual(answer);
    expect(await keyWorks(revoked.key)).toBe(401);
    expect(await keyWorks(kept.key)).toBe(200);
    expect(await send(revoked.id)).toEqual({
      status: 404,
      body: { error: "api_key_not_found", message: "This API key was not found. It may have been revoked already." },
    });
    // Another account's key is not this account's to revoke.
    const { cookie: otherCookie } = await signedInUser();
    const other = await apiKeyFor(otherCookie);
    expect((await send(other.id)).status).toBe(404);
    expect(await keyWorks(other.key)).toBe(200);
    const audit = await db.auditLog.findMany({ where: { targetId: user.id } });
    expect(audit.map((row) => [row.action, row.actorId, row.before])).toEqual([
      ["api_key.revoke", admin.id, { keyId: revoked.id, name: "Leaked", prefix: revoked.prefix }],
    ]);
  });
});

describe("sending the verification mail again from the console", () => {
  it("mails a fresh link that verifies the address, and refuses an address already verified with a 409", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user } = await signedInUser();
    const send = (id = user.id, idempotencyKey?: string) =>
      callAdmin(mailRoute, "POST", `/api/admin/users/${id}/verification-mail`, { id }, { cookie, body: { reason: REASON }, idempotencyKey });
    const since = mailbox().received.length;
    const key = randomUUID();
    const sent = await send(user.id, key);
    expect(sent).toEqual({ status: 200, body: { sentTo: user.email, message: `A new verification link was sent to ${user.email}.` } });
    const mail = await mailbox().waitFor(user.email, { since });
    expect(linkIn(mail, "/auth/verify").searchParams.get("token")).toBeTruthy();
    // The same click again sends nothing more.
    expect(await send(user.id, key)).toEqual(sent);
    expect(
      mailbox()
        .received.slice(since)
        .filter((received) => received.to.includes(user.email)),
    ).toHaveLength(1);
    expect(await auditTrail(user.id)).toEqual([["verification_mail.send", "admin", admin.id, REASON]]);

    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    expect(await send()).toEqual({ status: 409, body: { error: "already_verified", message: "This address is already verified." } });
    expect((await send("no-such-account")).status).toBe(404);
    expect(await auditTrail(user.id)).toHaveLength(1);
  });
});

describe("deleting an account from the console", () => {
  it("deletes it as its owner's deletion does, writes its balance off, ends its granted plan and writes one audit row", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    expect(
      (
        await callAdmin(
          grantPlanRoute,
          "POST",
          `/api/admin/users/${user.id}/plan`,
          { id: user.id },
          {
            cookie,
            body: { planId: "pro", until: new Date(Date.now() + 86_400_000 * 5).toISOString(), reason: REASON },
            idempotencyKey: randomUUID(),
          },
        )
      ).status,
    ).toBe(200);
    const send = (id: string, idempotencyKey?: string, reason = REASON) =>
      callAdmin(deleteRoute, "DELETE", `/api/admin/users/${id}`, { id }, { cookie, body: { reason }, idempotencyKey });
    expect((await send(user.id, undefined, "short")).status).toBe(400);

    const key = randomUUID();
    const deleted = await send(user.id, key);
    expect(deleted).toEqual({ status: 200, body: { userId: user.id, deleted: true, changed: true, message: "The account is deleted." } });
    expect(await send(user.id, key)).toEqual(deleted);
    expect((await send(user.id)).body).toMatchObject({ changed: false, message: "This account was deleted already; nothing else was changed." });

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.deletedAt).not.toBeNull();
    expect([row.email, row.credits, row.tier]).toEqual([`deleted-${user.id}@invalid`, 0, "free"]);
    expect(await signedIn(userCookie)).toBe(false);
    expect(await db.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ provider: "operator", status: "canceled" });
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
    const audit = await db.auditLog.findMany({ where: { targetId: user.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["plan.grant", admin.id],
      ["user.delete", admin.id],
    ]);
    expect(audit[1]!.before).toEqual({ tier: "pro", credits: 235, deleted: false });
    // The console still shows the tombstone.
    expect((await detail(cookie, user.id)).body.profile).toMatchObject({ email: `deleted-${user.id}@invalid`, deletedAt: row.deletedAt!.toISOString() });
  });

  it("refuses to delete one's own account or another admin's, with a 409 that says why", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user: other } = await adminSession();
    const send = (id: string) => callAdmin(deleteRoute, "DELETE", `/api/admin/users/${id}`, { id }, { cookie, body: { reason: REASON } });
    expect(await send(admin.id)).toEqual({
      status: 409,
      body: { error: "cannot_delete_self", message: "You cannot delete your own account from the console." },
    });
    expect(await send(other.id)).toEqual({
      status: 409,
      body: { error: "cannot_delete_admin", message: "This account is an admin: revoke its admin role first (npm run admin -- revoke), then delete it." },
    });
    expect((await send("no-such-account")).status).toBe(404);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).deletedAt).toBeNull();
    expect(await db.auditLog.count({ where: { targetId: { in: [admin.id, other.id] } } })).toBe(0);
  });
});

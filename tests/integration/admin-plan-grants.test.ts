// A plan granted from the console: the account gets the plan's tier and, as a paid start gives them,
// its credits once (a `subscription` ledger row); the plan screen's call says it ends on the chosen date
// and never renews; it lapses at that date through the event that ends a cancelled paid plan, and the
// console can end it sooner. Ten sends with one Idempotency-Key grant once; every bad input is a 4xx.
import { randomUUID } from "node:crypto";
import { DELETE as endPlanRoute, POST as grantPlanRoute } from "@/app/api/admin/users/[id]/plan/route";
import { POST as confirmPayment } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { GET as currentPlan } from "@/app/api/subscription/current/route";
import { lapseGrantedPlans } from "@/lib/admin/plan-grants";
import { db } from "@/lib/db";
import { runScheduledCleanup } from "@/lib/jobs/scheduled-cleanup";
import { setSettings } from "../setup/settings";
import { adminSession, auditTrail, callAdmin, REASON } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, ledgerMatchesBalance } from "./imaging-helpers";

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** `idempotencyKey` null sends none. */
const grant = (cookie: string, userId: string, body: unknown, idempotencyKey: string | null = randomUUID()) =>
  callAdmin(grantPlanRoute, "POST", `/api/admin/users/${userId}/plan`, { id: userId }, { cookie, body, idempotencyKey: idempotencyKey ?? undefined });
const endPlan = (cookie: string, userId: string, body: unknown, idempotencyKey?: string) =>
  callAdmin(endPlanRoute, "DELETE", `/api/admin/users/${userId}/plan`, { id: userId }, { cookie, body, idempotencyKey });

async function planScreen(cookie: string) {
  const response = await currentPlan(apiRequest("GET", "/api/subscription/current", { cookie }));
  expect(response.status).toBe(200);
  return response.json();
}

describe("granting a plan from the console", () => {
  it("gives the plan and its credits as a paid start does, until the date, and the plan screen says it ends then", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const until = inDays(45);
    const granted = await grant(cookie, user.id, { planId: "pro", until: until.toISOString(), reason: REASON });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ planId: "pro", tier: "pro", until: until.toISOString(), creditsGranted: 175, balance: 235 });

    const row = await db.subscription.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ provider: "operator", status: "active", planId: "pro", currentPeriodEnd: until });
    expect(row.canceledAt).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("pro");
    const ledger = await db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(ledger.map((entry) => [entry.kind, entry.delta, entry.balanceAfter, entry.operation, entry.note])).toEqual([
      ["grant", 60, 60, expect.anything(), expect.anything()],
      ["subscription", 175, 235, "pro", "Pro plan: monthly credits"],
    ]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);

    expect(await planScreen(userCookie)).toMatchObject({ tier: "pro", provider: "operator", status: "active", renewsAt: null, endsAt: until.toISOString() });

    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: user.id, action: "plan.grant" } });
    expect(audit).toMatchObject({ actorType: "admin", actorId: admin.id, reason: REASON });
    expect(audit.before).toEqual({ tier: "trial", credits: 60, subscription: null });
    expect(audit.after).toEqual({ tier: "pro", credits: 235, subscriptionId: row.id, planId: "pro", until: until.toISOString() });
  });

  it("lapses at its end date through the lapse of a cancelled plan, once, and leaves the credits already given", async () => {
    const { cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const until = inDays(10);
    expect((await grant(cookie, user.id, { planId: "essential", until: until.toISOString().slice(0, 10), reason: REASON })).status).toBe(200);
    const end = new Date(`${until.toISOString().slice(0, 10)}T00:00:00Z`);

    // A moment before the date nothing lapses; at the date it does, and a second sweep finds nothing.
    await lapseGrantedPlans(new Date(end.getTime() - 1000));
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("essential");
    // (Sweeps count every account's grants: the audit trail below shows this one lapsed once.)
    await Promise.all([lapseGrantedPlans(end), lapseGrantedPlans(end)]);
    await lapseGrantedPlans(end);

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect([after.tier, after.credits]).toEqual(["free", 120]);
    expect(await db.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ status: "canceled", currentPeriodEnd: end });
    expect(await db.processedWebhookEvent.count({ where: { provider: "operator", type: "subscription_ended" } })).toBeGreaterThanOrEqual(1);
    expect(await planScreen(userCookie)).toMatchObject({ tier: "free", plan: null, provider: null, endsAt: null });
    expect((await auditTrail(user.id)).map(([action, actorType]) => [action, actorType])).toEqual([
      ["plan.grant", "admin"],
      ["plan.lapse", "system"],
    ]);
  });

  it("lapses through the scheduled cleanup once the date has passed", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    expect((await grant(cookie, user.id, { planId: "pro", until: inDays(3).toISOString(), reason: REASON })).status).toBe(200);
    // Three days later, as the database sees it.
    await db.subscription.updateMany({ where: { userId: user.id }, data: { currentPeriodEnd: new Date(Date.now() - 1000) } });
    expect((await runScheduledCleanup()).lapsedPlanGrants).toBeGreaterThanOrEqual(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("free");
  });

  it("ends a granted plan now from the console, and says there is none to end afterwards", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user } = await signedInUser();
    expect((await grant(cookie, user.id, { planId: "pro", until: inDays(30).toISOString(), reason: REASON })).status).toBe(200);
    const key = randomUUID();
    const ended = await endPlan(cookie, user.id, { reason: "Trial of Pro for the partner is over" }, key);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ planId: "pro", tier: "free", message: "The granted Pro plan has ended." });
    // The same click again gets the same answer; a new one is told there is nothing to end.
    expect(await endPlan(cookie, user.id, { reason: "Trial of Pro for the partner is over" }, key)).toEqual(ended);
    expect(await endPlan(cookie, user.id, { reason: "Trial of Pro for the partner is over" })).toEqual({
      status: 409,
      body: { error: "no_granted_plan", message: "This account has no granted plan to end." },
    });
    // Ended, it never lapses again: a sweep past its end date leaves no trace on it.
    await lapseGrantedPlans(inDays(31));
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("free");
    expect(await db.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ status: "canceled" });
    expect(await auditTrail(user.id)).toEqual([
      ["plan.grant", "admin", admin.id, REASON],
      ["plan.end", "admin", admin.id, "Trial of Pro for the partner is over"],
    ]);
  });

  it("is replaced by a plan the member pays for meanwhile, and never lapses after that", async () => {
    setSettings({ STRIPE_SECRET_KEY: undefined });
    const { cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    expect((await grant(cookie, user.id, { planId: "essential", until: inDays(20).toISOString(), reason: REASON })).status).toBe(200);
    const started = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie: userCookie, body: { tier: "pro" } }));
    expect(started.status).toBe(200);
    const { clientSecret } = await started.json();
    const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
    expect((await confirmPayment(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie: userCookie, body: { clientSecret, card } }))).status).toBe(200);

    const rows = await db.subscription.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.provider, row.status])).toEqual([
      ["operator", "canceled"],
      ["sandbox", "active"],
    ]);
    await lapseGrantedPlans(inDays(21));
    expect(await planScreen(userCookie)).toMatchObject({ tier: "pro", provider: "sandbox", endsAt: null });
    expect((await auditTrail(user.id)).map(([action]) => action)).not.toContain("plan.lapse");
    expect(await balanceOf(user.id)).toBe(60 + 60 + 175);
  });

  it("grants once for ten sends with one Idempotency-Key, each answered the same, and refuses the key for another grant", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const key = randomUUID();
    const body = { planId: "pro", until: inDays(20).toISOString(), reason: REASON };
    const answers = await Promise.all(Array.from({ length: 10 }, () => grant(cookie, user.id, body, key)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.creditTransaction.count({ where: { userId: user.id, kind: "subscription" } })).toBe(1);
    expect(await balanceOf(user.id)).toBe(235);
    expect(await db.auditLog.count({ where: { targetId: user.id, action: "plan.grant" } })).toBe(1);
    const reused = await grant(cookie, user.id, { ...body, planId: "essential" }, key);
    expect([reused.status, reused.body.error]).toEqual([422, "idempotency_key_reused"]);
  });

  it("refuses a date in the past or more than a year ahead, an unknown plan, a short reason and a missing key with a 400", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const refused = async (body: Record<string, unknown>, key?: string | null) => {
      const answer = await grant(cookie, user.id, { planId: "pro", until: inDays(30).toISOString(), reason: REASON, ...body }, key);
      return [answer.status, answer.body.error];
    };
    expect(await refused({ until: inDays(-1).toISOString() })).toEqual([400, "grant_end_in_past"]);
    expect(await refused({ until: inDays(367).toISOString() })).toEqual([400, "grant_too_long"]);
    // A year from today is the last day a grant may end on, at any time of that day.
    const lastDay = new Date();
    lastDay.setUTCFullYear(lastDay.getUTCFullYear() + 1);
    const dayAfter = new Date(lastDay.getTime() + DAY_MS).toISOString().slice(0, 10);
    expect(await refused({ until: `${dayAfter}T00:00:00Z` })).toEqual([400, "grant_too_long"]);
    expect(await refused({ until: "next tuesday" })).toEqual([400, "invalid_request"]);
    expect(await refused({ until: "2027-02-30" })).toEqual([400, "invalid_request"]);
    expect(await refused({ planId: "platinum" })).toEqual([400, "unknown_plan"]);
    expect(await refused({ planId: "pro_credit_pack" })).toEqual([400, "unknown_plan"]);
    expect(await refused({ reason: "because" })).toEqual([400, "reason_too_short"]);
    expect(await refused({}, null)).toEqual([400, "idempotency_key_required"]);
    expect((await grant(cookie, "no-such-account", { planId: "pro", until: inDays(30).toISOString(), reason: REASON })).status).toBe(404);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await auditTrail(user.id)).toEqual([]);
    const granted = await grant(cookie, user.id, { planId: "pro", until: `${lastDay.toISOString().slice(0, 10)}T23:59:59Z`, reason: REASON });
    expect(granted.status).toBe(200);
  });

  it("refuses, with a 409 that says why, an account that pays for a plan, one already granted a plan, and a deleted one", async () => {
    const { cookie } = await adminSession();
    const { user: paying } = await signedInUser({ tier: "essential" });
    await db.subscription.create({
      data: {
        userId: paying.id,
        planId: "essential",
        provider: "sandbox",
        providerSubscriptionId: `sub_sandbox_${randomUUID()}`,
        status: "active",
        currentPeriodEnd: inDays(12),
      },
    });
    const paid = await grant(cookie, paying.id, { planId: "pro", until: inDays(30).toISOString(), reason: REASON });
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({
      error: "paid_plan_active",
      message: expect.stringMatching(
        /^This account pays for the Essential plan \(sandbox, paid until \d{4}-\d{2}-\d{2}\); a plan cannot be granted over a paid one\.$/,
      ),
    });

    const { user } = await signedInUser();
    expect((await grant(cookie, user.id, { planId: "essential", until: inDays(30).toISOString(), reason: REASON })).status).toBe(200);
    const again = await grant(cookie, user.id, { planId: "pro", until: inDays(30).toISOString(), reason: REASON });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^This account already has the Essential plan granted until .+; end that grant first\.$/);

    const { user: gone } = await signedInUser();
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(await grant(cookie, gone.id, { planId: "pro", until: inDays(30).toISOString(), reason: REASON })).toMatchObject({
      status: 409,
      body: { error: "account_deleted" },
    });
  });
});

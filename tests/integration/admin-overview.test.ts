// The console's overview counts exactly what happened in its period: sign-ups, active accounts,
// operations by kind and outcome with their queue and run times, credits, revenue from paid invoices
// and packs (never a plan an operator granted), paying subscriptions by plan, and each UTC day. The
// fixture lives in March 2001 and the clock is set there, so other tests' rows never count.
import { GET as overviewCall } from "@/app/api/admin/overview/route";
import { db } from "@/lib/db";
import type { LedgerKind, OperationKind, OperationStatus } from "@/lib/generated/prisma/client";
import { adminSession, fakeDateOnly } from "./admin-helpers";
import { apiRequest, signedInUser, uniqueEmail } from "./helpers";

const NOW = new Date("2001-03-15T12:00:00Z");
const WINDOW = { gte: new Date("2001-01-01T00:00:00Z"), lt: new Date("2001-04-01T00:00:00Z") };
const at = (iso: string) => new Date(`2001-${iso}Z`);
const seconds = (date: Date, count: number) => new Date(date.getTime() + count * 1000);

const account = (createdAt: Date) => db.user.create({ data: { email: uniqueEmail("overview"), firstName: "Ada", lastName: "Lovelace", createdAt } });

async function operation(userId: string, kind: OperationKind, status: OperationStatus, createdAt: Date, waitSeconds?: number, runSeconds?: number) {
  const startedAt = waitSeconds === undefined ? null : seconds(createdAt, waitSeconds);
  const completedAt = startedAt && runSeconds !== undefined ? seconds(startedAt, runSeconds) : null;
  return db.operation.create({ data: { userId, kind, status, provider: "local", createdAt, startedAt, completedAt } });
}

let rows = 0;
async function ledger(
  userId: string,
  kind: LedgerKind,
  delta: number,
  createdAt: Date,
  extra: { operation?: string; idempotencyKey?: string; refundOfId?: string } = {},
) {
  rows += 1;
  return db.creditTransaction.create({
    data: { userId, kind, delta, balanceAfter: 100, createdAt, idempotencyKey: extra.idempotencyKey ?? `overview-${userId}-${rows}`, ...extra },
  });
}

async function seed() {
  // What an earlier run left in the window would count twice.
  await db.operation.deleteMany({ where: { createdAt: WINDOW } });
  await db.creditTransaction.deleteMany({ where: { createdAt: WINDOW, refundOfId: { not: null } } });
  await db.creditTransaction.deleteMany({ where: { createdAt: WINDOW } });
  await db.user.deleteMany({ where: { createdAt: WINDOW } });

  const [a1, a2, a3] = [await account(at("03-15T01:00:00")), await account(at("03-15T05:00:00")), await account(at("03-15T11:00:00"))];
  const b = await account(at("03-12T10:00:00"));
  const c = await account(at("02-20T10:00:00"));
  await account(at("01-10T10:00:00")); // before every period
  await account(at("03-15T13:00:00")); // after now

  await operation(a1.id, "generate", "succeeded", at("03-15T10:00:00"), 2, 10);
  await operation(a1.id, "generate", "failed", at("03-15T10:05:00"), 4, 2);
  await operation(a2.id, "upscale", "succeeded", at("03-15T09:00:00"), 1, 2);
  await operation(a2.id, "convert", "canceled", at("03-15T09:30:00"));
  await operation(b.id, "generate", "succeeded", at("03-12T10:00:00"), 6, 6);
  await operation(c.id, "edit", "failed", at("02-20T10:00:00"), 1, 1);

  await ledger(a1.id, "spend", -3, at("03-15T10:00:00"));
  const refunded = await ledger(a1.id, "spend", -2, at("03-15T10:05:00"));
  await ledger(a1.id, "refund", 2, at("03-15T10:06:00"), { refundOfId: refunded.id });
  await ledger(a3.id, "grant", 60, at("03-15T11:00:00"));
  await ledger(a2.id, "adjustment", 10, at("03-15T08:00:00"));
  await ledger(a2.id, "adjustment", -5, at("03-15T08:30:00"));
  await ledger(a1.id, "subscription", 175, at("03-15T07:00:00"), { operation: "pro", idempotencyKey: `subscription:stripe:in_${a1.id}` });
  await ledger(a2.id, "purchase", 60, at("03-15T07:30:00"), { operation: "pro_credit_pack", idempotencyKey: `pack:stripe:pi_${a2.id}` });
  await ledger(a3.id, "subscription", 175, at("03-15T07:45:00"), { operation: "pro", idempotencyKey: `subscription:operator:grant_${a3.id}` });
  await ledger(b.id, "spend", -4, at("03-12T10:00:00"));
  await ledger(b.id, "subscription", 60, at("03-12T09:00:00"), { operation: "essential", idempotencyKey: `subscription:stripe:in_${b.id}` });
  await ledger(c.id, "spend", -1, at("02-20T10:00:00"));
  return { a1, a2, a3, b, c };
}

type Figures = Record<string, unknown> & { daily: Array<Record<string, unknown>>; subscriptionsByPlan: Array<{ planId: string; count: number }> };

describe("the console's overview", () => {
  let cookie: string;
  let fixture: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    ({ cookie } = await adminSession());
    fixture = await seed();
  });

  afterEach(() => jest.useRealTimers());

  /** The call as the console makes it, with the clock at NOW (only Date is faked: the database's timers run). */
  async function overviewAt(query: string): Promise<Response> {
    fakeDateOnly(NOW);
    return overviewCall(apiRequest("GET", `/api/admin/overview${query}`, { cookie }));
  }

  it("counts today's sign-ups, operations, times, credits and revenue", async () => {
    const response = await overviewAt("?range=today");
    expect(response.status).toBe(200);
    const figures = (await response.json()) as Figures;
    expect(figures).toMatchObject({
      range: "today",
      from: "2001-03-15T00:00:00.000Z",
      to: NOW.toISOString(),
      signups: 3,
      activeUsers: 2,
      operations: [
        { kind: "convert", status: "canceled", count: 1 },
        { kind: "generate", status: "failed", count: 1 },
        { kind: "generate", status: "succeeded", count: 1 },
        { kind: "upscale", status: "succeeded", count: 1 },
      ],
      // A grant of 60, an adjustment of +10 (not the −5) and the 175 credits of the plan an operator granted.
      credits: { spent: 5, granted: 245, refunded: 2 },
      // Pro's invoice and one pack; the plan an operator granted was paid by nobody.
      revenue: { invoicesCents: 999, packsCents: 299, currency: "usd" },
      daily: [{ day: "2001-03-15", signups: 3, operations: 4, failed: 1, creditsSpent: 5, revenueCents: 1298 }],
    });
    expect(figures.failureRate).toBeCloseTo(1 / 3, 10);
    expect(figures.timings).toEqual([
      { kind: "convert", queueWaitP50Ms: null, queueWaitP95Ms: null, runP50Ms: null, runP95Ms: null },
      // Waits of 2 s and 4 s, runs of 10 s and 2 s: interpolated percentiles.
      { kind: "generate", queueWaitP50Ms: 3000, queueWaitP95Ms: 3900, runP50Ms: 6000, runP95Ms: 9600 },
      { kind: "upscale", queueWaitP50Ms: 1000, queueWaitP95Ms: 1000, runP50Ms: 2000, runP95Ms: 2000 },
    ]);
  });

  it("covers the last 7 and 30 UTC days, one entry per day, 7 days by default", async () => {
    const week = (await (await overviewAt("")).json()) as Figures;
    expect(week).toMatchObject({ range: "7d", from: "2001-03-09T00:00:00.000Z", signups: 4, activeUsers: 3 });
    expect(week.credits).toEqual({ spent: 9, granted: 245, refunded: 2 });
    expect(week.revenue).toEqual({ invoicesCents: 999 + 699, packsCents: 299, currency: "usd" });
    expect(week.daily.map((day) => day.day)).toEqual(["2001-03-09", "2001-03-10", "2001-03-11", "2001-03-12", "2001-03-13", "2001-03-14", "2001-03-15"]);
    expect(week.daily[3]).toEqual({ day: "2001-03-12", signups: 1, operations: 1, failed: 0, creditsSpent: 4, revenueCents: 699 });
    expect(week.daily[0]).toEqual({ day: "2001-03-09", signups: 0, operations: 0, failed: 0, creditsSpent: 0, revenueCents: 0 });

    const month = (await (await overviewAt("?range=30d")).json()) as Figures;
    expect(month).toMatchObject({
      range: "30d",
      from: "2001-02-14T00:00:00.000Z",
      signups: 5,
      activeUsers: 4,
      credits: { spent: 10, granted: 245, refunded: 2 },
    });
    expect(month.daily).toHaveLength(30);
    expect(month.failureRate).toBeCloseTo(2 / 5, 10);
  });

  it("counts the subscriptions paying now by plan, not granted or canceled ones", async () => {
    const proCount = async () =>
      ((await (await overviewAt("?range=today")).json()) as Figures).subscriptionsByPlan.find((plan) => plan.planId === "pro")?.count;
    const before = await proCount();
    jest.useRealTimers();
    const subscription = (userId: string, provider: "stripe" | "operator", status: "active" | "canceled" | "past_due") =>
      db.subscription.create({ data: { userId, planId: "pro", provider, status, providerSubscriptionId: `sub_overview_${userId}_${provider}_${status}` } });
    await subscription(fixture.a1.id, "stripe", "active");
    await subscription(fixture.a2.id, "stripe", "past_due");
    await subscription(fixture.a2.id, "stripe", "canceled");
    await subscription(fixture.a3.id, "operator", "active");
    expect(await proCount()).toBe((before ?? 0) + 2);
    const plans = ((await (await overviewAt("?range=today")).json()) as Figures).subscriptionsByPlan;
    expect(plans.map((plan) => plan.planId)).toEqual(["essential", "pro"]);
    expect(plans[1]).toMatchObject({ planName: "Pro" });
  });

  it("refuses an unknown range with a 400 and hides itself from a plain user", async () => {
    const bad = await overviewCall(apiRequest("GET", "/api/admin/overview?range=90d", { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "invalid_request", message: "The range must be today, 7d or 30d." });
    const { cookie: userCookie } = await signedInUser();
    const hidden = await overviewCall(apiRequest("GET", "/api/admin/overview", { cookie: userCookie }));
    expect(hidden.status).toBe(404);
  });
});

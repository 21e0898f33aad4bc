// The console's revenue is what customers paid, as each payment reported it: a Stripe invoice paid with
// a coupon counts its amount_paid, a pack its amount_received, whatever the plans cost today; the
// sandbox charges the plan's price; a plan an operator granted was paid by nobody. Each case's ledger
// rows are moved to a day of June 2001 of its own and the overview is asked with the clock on that
// day, so nothing else written today counts.
import { randomUUID } from "node:crypto";
import { DELETE as endPlanRoute, POST as grantPlanRoute } from "@/app/api/admin/users/[id]/plan/route";
import { GET as overviewCall } from "@/app/api/admin/overview/route";
import { POST as confirmSandbox } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/db";
import { FakeStripe } from "../fakes/stripe-server";
import { usingFakeStripe } from "./fake-stripe-settings";
import { setSettings } from "../setup/settings";
import { adminSession, callAdmin, fakeDateOnly, REASON } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";

const WEBHOOK_SECRET = "whsec_test_pictura_revenue";
const WINDOW = { gte: new Date("2001-06-01T00:00:00Z"), lt: new Date("2001-07-01T00:00:00Z") };
const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

interface Figures {
  revenue: { invoicesCents: number; packsCents: number; currency: string };
  credits: { spent: number; granted: number; refunded: number };
  daily: Array<{ day: string; revenueCents: number }>;
}

let adminCookie: string;

beforeAll(async () => {
  // What an earlier run left in the window would count twice.
  await db.creditTransaction.deleteMany({ where: { createdAt: WINDOW } });
  adminCookie = (await adminSession()).cookie;
});

afterEach(() => jest.useRealTimers());

/** The account's payment rows (plans and packs), moved to 07:00 UTC of `day` (2001-06-DD). */
async function moveLedgerTo(userId: string, day: string): Promise<void> {
  await db.creditTransaction.updateMany({
    where: { userId, kind: { in: ["subscription", "purchase"] } },
    data: { createdAt: new Date(`${day}T07:00:00Z`) },
  });
}

/** Today's overview as the console asks for it, with the clock at noon UTC on `day` (only Date is faked). */
async function overviewOn(day: string): Promise<Figures> {
  fakeDateOnly(new Date(`${day}T12:00:00Z`));
  try {
    const response = await overviewCall(apiRequest("GET", "/api/admin/overview?range=today", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as Figures;
  } finally {
    jest.useRealTimers();
  }
}

/** Runs `body` with a plan's list price changed, as an operator raising prices would, and puts it back. */
async function withPrice<T>(planId: string, priceCents: number, body: () => Promise<T>): Promise<T> {
  const { priceCents: before } = await db.plan.findUniqueOrThrow({ where: { id: planId } });
  await db.plan.update({ where: { id: planId }, data: { priceCents } });
  try {
    return await body();
  } finally {
    await db.plan.update({ where: { id: planId }, data: { priceCents: before } });
  }
}

const paymentRows = (userId: string) =>
  db.creditTransaction.findMany({
    where: { userId, kind: { in: ["subscription", "purchase"] } },
    orderBy: { createdAt: "asc" },
    select: { kind: true, operation: true, paidCents: true, paidCurrency: true },
  });

describe("revenue from Stripe (against a fake Stripe API)", () => {
  const stripe = new FakeStripe();

  usingFakeStripe(stripe, WEBHOOK_SECRET);

  async function deliver(type: string, object: Record<string, unknown>) {
    const event = stripe.event(type, object, WEBHOOK_SECRET);
    const response = await webhook(
      apiRequest("POST", "/api/webhooks/stripe", {
        rawBody: event.payload,
        origin: null,
        headers: { "stripe-signature": event.signature, "content-type": "application/json" },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ applied: true });
  }

  async function startPro(cookie: string): Promise<string> {
    const response = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(response.status).toBe(200);
    return [...stripe.subscriptions.keys()].at(-1)!;
  }

  it("counts an invoice paid with a coupon and a pack at what Stripe charged, not at the plans' prices of today", async () => {
    const { user, cookie } = await signedInUser();
    const subscriptionId = await startPro(cookie);
    // Pro lists at 999; a coupon takes 500 off the first month, and the next month is free.
    await deliver("invoice.paid", stripe.paidInvoiceFor(subscriptionId, { discountCents: 500 }));
    await deliver("invoice.paid", stripe.paidInvoiceFor(subscriptionId, { discountCents: 999 }));
    const started = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie, body: { packId: "pro_credit_pack" } }));
    expect(started.status).toBe(200);
    await deliver("payment_intent.succeeded", stripe.succeededIntent(String([...stripe.paymentIntents.values()].at(-1)!.id)));
    expect(await paymentRows(user.id)).toEqual([
      { kind: "subscription", operation: "pro", paidCents: 499, paidCurrency: "usd" },
      { kind: "subscription", operation: "pro", paidCents: 0, paidCurrency: "usd" },
      { kind: "purchase", operation: "pro_credit_pack", paidCents: 299, paidCurrency: "usd" },
    ]);
    await moveLedgerTo(user.id, "2001-06-11");

    // The list prices rise afterwards: what was paid stays what was paid.
    const figures = await withPrice("pro", 1299, () => withPrice("pro_credit_pack", 399, () => overviewOn("2001-06-11")));
    expect(figures.revenue).toEqual({ invoicesCents: 499, packsCents: 299, currency: "usd" });
    expect(figures.daily).toEqual([expect.objectContaining({ day: "2001-06-11", revenueCents: 798 })]);
  });

  it("never adds amounts in different currencies: the overview shows the currency with the most revenue", async () => {
    const { user: dollars, cookie: dollarsCookie } = await signedInUser();
    await deliver("invoice.paid", stripe.paidInvoiceFor(await startPro(dollarsCookie)));
    const { user: euros, cookie: eurosCookie } = await signedInUser();
    // An invoice Stripe charged in euros (a price with currency options, or a customer's own currency).
    await deliver("invoice.paid", { ...stripe.paidInvoiceFor(await startPro(eurosCookie)), currency: "eur", amount_paid: 1450 });
    expect(await paymentRows(euros.id)).toEqual([{ kind: "subscription", operation: "pro", paidCents: 1450, paidCurrency: "eur" }]);
    await moveLedgerTo(dollars.id, "2001-06-14");
    await moveLedgerTo(euros.id, "2001-06-14");

    const figures = await overviewOn("2001-06-14");
    expect(figures.revenue).toEqual({ invoicesCents: 1450, packsCents: 0, currency: "eur" });
    expect(figures.daily).toEqual([expect.objectContaining({ day: "2001-06-14", revenueCents: 1450 })]);
  });
});

describe("revenue from the payment sandbox", () => {
  beforeAll(() => {
    setSettings({ STRIPE_SECRET_KEY: undefined });
  });

  async function confirm(cookie: string, clientSecret: string) {
    const response = await confirmSandbox(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card } }));
    expect(response.status).toBe(200);
  }

  it("records the plan's and the pack's price as what the sandbox charged", async () => {
    const { user, cookie } = await signedInUser();
    const subscribed = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(subscribed.status).toBe(200);
    await confirm(cookie, (await subscribed.json()).clientSecret);
    const pack = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie, body: { packId: "pro_credit_pack" } }));
    expect(pack.status).toBe(200);
    await confirm(cookie, (await pack.json()).clientSecret);
    expect(await paymentRows(user.id)).toEqual([
      { kind: "subscription", operation: "pro", paidCents: 999, paidCurrency: "usd" },
      { kind: "purchase", operation: "pro_credit_pack", paidCents: 299, paidCurrency: "usd" },
    ]);
    await moveLedgerTo(user.id, "2001-06-12");

    const figures = await withPrice("pro", 1299, () => overviewOn("2001-06-12"));
    expect(figures.revenue).toEqual({ invoicesCents: 999, packsCents: 299, currency: "usd" });
    expect(figures.daily).toEqual([expect.objectContaining({ revenueCents: 1298 })]);
  });
});

describe("revenue and plans nobody paid for", () => {
  it("records no amount for a plan an operator granted, and the overview counts no revenue for it", async () => {
    const { user } = await signedInUser();
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await callAdmin(
      grantPlanRoute,
      "POST",
      `/api/admin/users/${user.id}/plan`,
      { id: user.id },
      {
        cookie: adminCookie,
        body: { planId: "pro", until, reason: REASON },
        idempotencyKey: randomUUID(),
      },
    );
    expect(granted.status).toBe(200);
    expect(await paymentRows(user.id)).toEqual([{ kind: "subscription", operation: "pro", paidCents: null, paidCurrency: null }]);
    await moveLedgerTo(user.id, "2001-06-13");

    const figures = await overviewOn("2001-06-13");
    expect(figures.revenue).toEqual({ invoicesCents: 0, packsCents: 0, currency: "usd" });
    expect(figures.credits.granted).toBe(175);

    // Ended here, so no other test's sweep of granted plans finds it still running.
    const ended = await callAdmin(
      endPlanRoute,
      "DELETE",
      `/api/admin/users/${user.id}/plan`,
      { id: user.id },
      {
        cookie: adminCookie,
        body: { reason: REASON },
        idempotencyKey: randomUUID(),
      },
    );
    expect(ended.status).toBe(200);
  });

  it("values a payment recorded before amounts were kept at its plan's price, beside one with its amount", async () => {
    const { user } = await signedInUser();
    const at = new Date("2001-06-15T07:00:00Z");
    // A Stripe invoice's row from before (no amount), and a pack's row with the amount it charged.
    await db.creditTransaction.create({
      data: {
        userId: user.id,
        kind: "subscription",
        operation: "essential",
        delta: 60,
        balanceAfter: 120,
        idempotencyKey: `subscription:stripe:in_old_${user.id}`,
        createdAt: at,
      },
    });
    await db.creditTransaction.create({
      data: {
        userId: user.id,
        kind: "purchase",
        operation: "pro_credit_pack",
        delta: 60,
        balanceAfter: 180,
        idempotencyKey: `pack:stripe:pi_new_${user.id}`,
        paidCents: 249,
        paidCurrency: "usd",
        createdAt: at,
      },
    });
    const figures = await overviewOn("2001-06-15");
    expect(figures.revenue).toEqual({ invoicesCents: 699, packsCents: 249, currency: "usd" });
  });

  it("keeps the database from storing an amount that is negative, without its currency, or on a row no payment wrote", async () => {
    const { user } = await signedInUser();
    const row = (data: Record<string, unknown>) =>
      db.creditTransaction.create({
        data: {
          userId: user.id,
          kind: "purchase",
          operation: "pro_credit_pack",
          delta: 60,
          balanceAfter: 120,
          idempotencyKey: `check-${randomUUID()}`,
          ...data,
        },
      });
    await expect(row({ paidCents: -1, paidCurrency: "usd" })).rejects.toThrow(/credit_transactions_paid_valid/);
    await expect(row({ paidCents: 299 })).rejects.toThrow(/credit_transactions_paid_valid/);
    await expect(row({ paidCurrency: "usd" })).rejects.toThrow(/credit_transactions_paid_valid/);
    await expect(row({ paidCents: 299, paidCurrency: "USD" })).rejects.toThrow(/credit_transactions_paid_valid/);
    await expect(row({ kind: "grant", paidCents: 299, paidCurrency: "usd" })).rejects.toThrow(/credit_transactions_paid_valid/);
    await expect(row({ paidCents: 299, paidCurrency: "usd" })).resolves.toMatchObject({ paidCents: 299, paidCurrency: "usd" });
  });
});

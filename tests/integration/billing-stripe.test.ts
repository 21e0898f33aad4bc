import { POST as confirmSandbox } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { POST as cancel } from "@/app/api/subscription/cancel/route";
import { GET as current } from "@/app/api/subscription/current/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/db";
import { FakeStripe, signStripePayload } from "../fakes/stripe-server";
import { usingFakeStripe } from "./fake-stripe-settings";
import { apiRequest, signedInUser } from "./helpers";
import { captureLogs } from "./log-pipeline";

const WEBHOOK_SECRET = "whsec_test_pictura_fake";
const stripe = new FakeStripe();

function deliver(event: { payload: string; signature: string }) {
  return webhook(
    apiRequest("POST", "/api/webhooks/stripe", {
      rawBody: event.payload,
      origin: null,
      headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    }),
  );
}

async function startSubscription(cookie: string, tier: "essential" | "pro") {
  const response = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier } }));
  expect(response.status).toBe(200);
  const body = await response.json();
  const subscriptionId = [...stripe.subscriptions.keys()].at(-1)!;
  return { ...body, subscriptionId };
}

const userRow = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

describe("payments through Stripe (against a fake Stripe API)", () => {
  usingFakeStripe(stripe, WEBHOOK_SECRET);

  it("creates an incomplete subscription for the plan's price and returns its first payment's client secret", async () => {
    const { user, cookie } = await signedInUser();
    const started = await startSubscription(cookie, "pro");
    expect(started.provider).toBe("stripe");
    expect(started.publishableKey).toBe("pk_test_fake_pictura");
    const fakeSubscription = stripe.subscriptions.get(started.subscriptionId)!;
    const invoice = fakeSubscription.latest_invoice as { confirmation_secret: { client_secret: string } };
    expect(started.clientSecret).toBe(invoice.confirmation_secret.client_secret);

    const [created] = stripe.requestsTo("POST", "/v1/subscriptions").slice(-1);
    expect(created!.body).toMatchObject({
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { userId: user.id, planId: "pro" },
    });
    const price = stripe.prices.get(String((created!.body.items as { price: string }[])[0]!.price))!;
    expect(price).toMatchObject({ unit_amount: 999, currency: "usd", recurring: { interval: "month", interval_count: 1 } });
    const stored = await userRow(user.id);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(stripe.customers.get(stored.stripeCustomerId!)).toMatchObject({ email: user.email, metadata: { userId: user.id } });
    expect(await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: started.subscriptionId } })).toMatchObject({
      status: "incomplete",
      provider: "stripe",
    });
    expect(stored.tier).toBe("trial");
  });

  it("reuses the customer and the price on the next checkout", async () => {
    const { cookie } = await signedInUser({ tier: "free" });
    const customersBefore = stripe.customers.size;
    await startSubscription(cookie, "essential");
    await startSubscription(cookie, "essential");
    expect(stripe.customers.size).toBe(customersBefore + 1);
    const essentialPrices = [...stripe.prices.values()].filter((price) => price.unit_amount === 699);
    expect(essentialPrices).toHaveLength(1);
  });

  it("a paid invoice sets the tier and grants the month's credits, once, however often it is delivered", async () => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "essential");
    const event = stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, applied: true });
    expect(await userRow(user.id)).toMatchObject({ tier: "essential", credits: 120 });
    // The ledger row keeps what the invoice charged, for the console's revenue.
    expect(await db.creditTransaction.findFirstOrThrow({ where: { userId: user.id, kind: "subscription" } })).toMatchObject({
      paidCents: 699,
      paidCurrency: "usd",
    });

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: false });
    expect((await userRow(user.id)).credits).toBe(120);
    expect(await db.creditTransaction.count({ where: { userId: user.id, kind: "subscription" } })).toBe(1);

    // Next month's invoice is a new payment and grants again.
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET));
    expect((await userRow(user.id)).credits).toBe(180);
  });

  it.each([
    ["10 minutes in the future", 600],
    ["10 minutes in the past", -600],
  ])("refuses a correctly signed event stamped %s and changes nothing", async (_label, offsetSeconds) => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "pro");
    const event = stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET);
    const stamped = signStripePayload(event.payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + offsetSeconds);
    const response = await deliver({ payload: event.payload, signature: stamped });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_signature");
    expect(await userRow(user.id)).toMatchObject({ tier: "trial", credits: 60 });
    expect(await db.processedWebhookEvent.count({ where: { id: event.eventId } })).toBe(0);
  });

  it("reads the timestamp the signature covers: a second, future t= after a current one is refused", async () => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "pro");
    const event = stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET);
    const now = Math.floor(Date.now() / 1000);
    // Signed for tomorrow, with today's stamp put first for a reader that takes the first t=.
    const tomorrow = signStripePayload(event.payload, WEBHOOK_SECRET, now + 86_400);
    const response = await deliver({ payload: event.payload, signature: `t=${now},${tomorrow}` });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_signature");
    expect(await userRow(user.id)).toMatchObject({ tier: "trial", credits: 60 });
  });

  it("refuses a webhook with a bad or missing signature with 400 and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "pro");
    const wrongSecret = stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), "whsec_someone_else");
    const forged = await deliver(wrongSecret);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "invalid_signature", message: "The webhook signature is invalid." });

    const genuine = stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET);
    const tampered = await deliver({ payload: genuine.payload.replace(subscriptionId, `${subscriptionId} `), signature: genuine.signature });
    expect(tampered.status).toBe(400);
    const unsigned = await webhook(apiRequest("POST", "/api/webhooks/stripe", { rawBody: genuine.payload, origin: null }));
    expect(unsigned.status).toBe(400);

    expect(await userRow(user.id)).toMatchObject({ tier: "trial", credits: 60 });
    expect(await db.processedWebhookEvent.count({ where: { id: genuine.eventId } })).toBe(0);
  });

  it("a deleted subscription drops the user to free", async () => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "pro");
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET));
    expect((await userRow(user.id)).tier).toBe("pro");
    const deleted = await deliver(
      stripe.event("customer.subscription.deleted", { id: subscriptionId, object: "subscription", status: "canceled" }, WEBHOOK_SECRET),
    );
    expect(deleted.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ tier: "free", credits: 235 });
    expect(await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: subscriptionId } })).toMatchObject({ status: "canceled" });
  });

  it("upgrading from Essential to Pro cancels the Essential subscription at Stripe and keeps the user on Pro", async () => {
    const { user, cookie } = await signedInUser();
    const essential = await startSubscription(cookie, "essential");
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(essential.subscriptionId), WEBHOOK_SECRET));
    const pro = await startSubscription(cookie, "pro");
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(pro.subscriptionId), WEBHOOK_SECRET));
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${essential.subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(essential.subscriptionId)!.status).toBe("canceled");
    // Stripe then reports the old subscription deleted: the user stays on Pro.
    await deliver(stripe.event("customer.subscription.deleted", { id: essential.subscriptionId, object: "subscription" }, WEBHOOK_SECRET));
    expect(await userRow(user.id)).toMatchObject({ tier: "pro", credits: 60 + 60 + 175 });
  });

  it("starting Pro cancels the unpaid Essential checkout at Stripe, and its late payment changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const essential = await startSubscription(cookie, "essential");
    const pro = await startSubscription(cookie, "pro");
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${essential.subscriptionId}`)).toHaveLength(1);
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(pro.subscriptionId), WEBHOOK_SECRET));
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(essential.subscriptionId), WEBHOOK_SECRET));
    expect(await userRow(user.id)).toMatchObject({ tier: "pro", credits: 60 + 175 });
    expect(await db.subscription.count({ where: { userId: user.id, status: "active" } })).toBe(1);
  });

  it("a succeeded payment for the Pro pack grants 60 credits once", async () => {
    const { user, cookie } = await signedInUser({ tier: "pro", credits: 10 });
    const started = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie, body: { packId: "pro_credit_pack" } }));
    expect(started.status).toBe(200);
    const { clientSecret } = await started.json();
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect(clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 299, currency: "usd", metadata: { kind: "credit_pack", userId: user.id, planId: "pro_credit_pack" } });

    const paid = stripe.succeededIntent(String(intent.id));
    const succeeded = stripe.event("payment_intent.succeeded", paid, WEBHOOK_SECRET);
    await deliver(succeeded);
    await deliver(succeeded);
    // The same payment reported under another event id still grants nothing more.
    await deliver(stripe.event("payment_intent.succeeded", paid, WEBHOOK_SECRET));
    expect((await userRow(user.id)).credits).toBe(70);
    // The ledger row keeps what Stripe received, for the console's revenue.
    expect(await db.creditTransaction.findMany({ where: { userId: user.id, kind: "purchase" } })).toEqual([
      expect.objectContaining({ operation: "pro_credit_pack", delta: 60, paidCents: 299, paidCurrency: "usd" }),
    ]);
  });

  it.each([
    ["an invoice without amount_paid", "invoice.paid", { amount_paid: undefined }],
    ["an invoice with a negative amount_paid", "invoice.paid", { amount_paid: -1 }],
    ["an invoice with a fractional amount_paid", "invoice.paid", { amount_paid: 4.5 }],
    ["an invoice with amount_paid as text", "invoice.paid", { amount_paid: "999" }],
    ["an invoice with an amount_paid past the ledger's range", "invoice.paid", { amount_paid: 2 ** 31 }],
    ["an invoice without a currency", "invoice.paid", { currency: undefined }],
    ["an invoice in a currency that is not three letters", "invoice.paid", { currency: "dollars" }],
    ["a pack payment without amount_received", "payment_intent.succeeded", { amount_received: undefined }],
    ["a pack payment with a negative amount_received", "payment_intent.succeeded", { amount_received: -299 }],
  ])("refuses %s with a 400 and grants nothing", async (_label, type, change) => {
    const before = type === "invoice.paid" ? ({ tier: "trial", credits: 60 } as const) : ({ tier: "pro", credits: 10 } as const);
    const { user, cookie } = await signedInUser(before);
    let object: Record<string, unknown>;
    if (type === "invoice.paid") {
      const { subscriptionId } = await startSubscription(cookie, "essential");
      object = stripe.paidInvoiceFor(subscriptionId);
    } else {
      await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie, body: { packId: "pro_credit_pack" } }));
      object = stripe.succeededIntent(String([...stripe.paymentIntents.values()].at(-1)!.id));
    }
    const event = stripe.event(type, { ...object, ...change }, WEBHOOK_SECRET);
    const response = await deliver(event);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid_event",
      message: `The ${type === "invoice.paid" ? "invoice" : "payment"} in this event has no valid amount and currency.`,
    });
    expect(await userRow(user.id)).toMatchObject(before);
    expect(await db.processedWebhookEvent.count({ where: { id: event.eventId } })).toBe(0);
  });

  it("says 'Failed to initiate' plainly when Stripe refuses, and leaves no subscription behind", async () => {
    const { user, cookie } = await signedInUser();
    const logged = captureLogs();
    stripe.failNext("POST", "/v1/subscriptions", 500, "Stripe is having a bad day.");
    stripe.failNext("POST", "/v1/subscriptions", 500, "Stripe is having a bad day.");
    stripe.failNext("POST", "/v1/subscriptions", 500, "Stripe is having a bad day.");
    const response = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "payment_provider_error", message: "The payment could not be started. Please try again." });
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(0);
    logged.stop();
    expect(logged.lines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        component: "billing",
        provider: "stripe",
        msg: "could not start a payment",
        err: expect.objectContaining({ statusCode: 500 }),
      }),
    );
  });

  it("cancels at the end of the paid period: the plan stays until Stripe deletes the subscription", async () => {
    const { user, cookie } = await signedInUser();
    const { subscriptionId } = await startSubscription(cookie, "essential");
    await deliver(stripe.event("invoice.paid", stripe.paidInvoiceFor(subscriptionId), WEBHOOK_SECRET));
    const response = await cancel(apiRequest("POST", "/api/subscription/cancel", { cookie }));
    expect(response.status).toBe(200);
    const { endsAt } = await response.json();
    expect(new Date(endsAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`)[0]?.body).toEqual({ cancel_at_period_end: "true" });
    expect((await userRow(user.id)).tier).toBe("essential");
    expect(await (await current(apiRequest("GET", "/api/subscription/current", { cookie }))).json()).toMatchObject({
      tier: "essential",
      endsAt,
      renewsAt: null,
    });
    expect((await cancel(apiRequest("POST", "/api/subscription/cancel", { cookie }))).status).toBe(404);

    await deliver(stripe.event("customer.subscription.deleted", { id: subscriptionId, object: "subscription" }, WEBHOOK_SECRET));
    expect(await userRow(user.id)).toMatchObject({ tier: "free", credits: 120 });
  });

  it("turns the sandbox off while Stripe is configured", async () => {
    const { cookie } = await signedInUser();
    const response = await confirmSandbox(
      apiRequest("POST", "/api/billing/sandbox/confirm", {
        cookie,
        body: { clientSecret: "sandbox_x.y", card: { number: "4242424242424242", expiry: "12/39", cvc: "123" } },
      }),
    );
    expect(response.status).toBe(404);
  });
});

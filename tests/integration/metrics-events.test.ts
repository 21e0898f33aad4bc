// Metrics count money and messages where they happen, by outcome: Stripe's webhook events (applied, a
// replay, one Pictura ignores, a forged one) and the credits a pack adds, developers' webhook deliveries
// (delivered, to be retried, failed for good), and mails (sent, or refused by the mail server). Read
// from the web server's /metrics as Prometheus would.
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { grantPlan } from "@/lib/admin/plan-grants";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail/mailer";
import { startWebMetrics, type WebMetrics } from "@/lib/observability/metrics-web";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { WEBHOOK_RETRY_LIMIT } from "@/lib/webhooks/queue";
import { startMailbox, type Mailbox } from "../fakes/mailbox";
import { FakeStripe } from "../fakes/stripe-server";
import { setSettings } from "../setup/settings";
import { apiRequest, signedInUser } from "./helpers";
import { NEXT_BUILD, scrape, valueOf, type Scrape } from "./metrics-helpers";
import { createWebhook, receiver } from "./webhook-helpers";

const WEBHOOK_SECRET = "whsec_test_pictura_metrics";
/** Only its events are used: they are signed here, and nothing calls its API. */
const stripe = new FakeStripe();
let web: WebMetrics;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  setSettings({
    METRICS_PORT: "0",
    STRIPE_SECRET_KEY: "sk_test_pictura_metrics",
    STRIPE_PUBLISHABLE_KEY: "pk_test_pictura_metrics",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  web = await startWebMetrics({ publicPort: 3000, distDir: NEXT_BUILD });
});

afterAll(async () => {
  await web.close();
  await mailbox.close();
});

const deliverStripe = (event: { payload: string; signature: string }) =>
  stripeWebhook(
    apiRequest("POST", "/api/webhooks/stripe", {
      rawBody: event.payload,
      origin: null,
      headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    }),
  );

/** How much each series moved between two scrapes. */
const moved = (before: Scrape, after: Scrape, name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);

it("counts Stripe events by outcome, and the credits a pack adds as bought", async () => {
  const { user } = await signedInUser();
  const before = await scrape(web.url!);
  const intent = {
    id: "pi_metrics_1",
    object: "payment_intent",
    status: "succeeded",
    amount: 299,
    amount_received: 299,
    currency: "usd",
    metadata: { kind: "credit_pack", userId: user.id, planId: "pro_credit_pack" },
  };
  const paid = stripe.event("payment_intent.succeeded", intent, WEBHOOK_SECRET);
  expect((await deliverStripe(paid)).status).toBe(200);
  expect((await deliverStripe(paid)).status).toBe(200);
  expect((await deliverStripe(stripe.event("customer.created", { id: "cus_1", object: "customer" }, WEBHOOK_SECRET))).status).toBe(200);
  expect((await deliverStripe(stripe.event("payment_intent.succeeded", intent, "whsec_someone_else"))).status).toBe(400);
  const after = await scrape(web.url!);

  const events = (labels: Record<string, string>) => moved(before, after, "pictura_stripe_events_total", labels);
  expect(events({ type: "pack_paid", outcome: "applied" })).toBe(1);
  expect(events({ type: "pack_paid", outcome: "unchanged" })).toBe(1);
  expect(events({ outcome: "ignored" })).toBe(1);
  expect(events({ outcome: "invalid_signature" })).toBe(1);
  expect(events({ outcome: "failed" })).toBe(0);
  expect(moved(before, after, "pictura_credits_total", { movement: "bought" })).toBe(60);
});

it("counts the credits of a plan granted from the console as granted, not bought", async () => {
  const { user: admin } = await signedInUser();
  const { user } = await signedInUser();
  const before = await scrape(web.url!);
  const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  await grantPlan({ actor: { id: admin.id }, userId: user.id, planId: "pro", until, reason: "Partner trial, ticket 4711", address: null });
  const after = await scrape(web.url!);
  expect(moved(before, after, "pictura_credits_total", { movement: "granted" })).toBe(175);
  expect(moved(before, after, "pictura_credits_total", { movement: "bought" })).toBe(0);
});

it("counts webhook deliveries as delivered, to be retried, or failed", async () => {
  const hook = await receiver({ answers: [200, 500, 500] });
  try {
    const { cookie } = await signedInUser();
    const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
    const delivery = (eventId: string) =>
      db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId, type: "operation.canceled", operationId: "op_gone", body: '{"id":"evt"}' } });
    const [first, second, last] = [await delivery("evt_metrics_1"), await delivery("evt_metrics_2"), await delivery("evt_metrics_3")];
    const before = await scrape(web.url!);
    await attemptDelivery(first.id, 0);
    await expect(attemptDelivery(second.id, 0)).rejects.toThrow();
    await attemptDelivery(last.id, WEBHOOK_RETRY_LIMIT);
    const after = await scrape(web.url!);

    for (const outcome of ["delivered", "retrying", "failed"])
      expect([outcome, moved(before, after, "pictura_webhook_deliveries_total", { outcome })]).toEqual([outcome, 1]);
  } finally {
    await hook.close();
  }
});

it("counts mails sent and mails the mail server refused", async () => {
  const mail = { to: "someone@example.com", subject: "Hello", text: "Hello", html: "<p>Hello</p>" };
  const before = await scrape(web.url!);
  setSettings({ SMTP_URL: mailbox.url });
  await sendMail(mail);
  // Nothing listens on port 1.
  setSettings({ SMTP_URL: "smtp://127.0.0.1:1" });
  await expect(sendMail(mail)).rejects.toThrow();
  const after = await scrape(web.url!);

  expect(moved(before, after, "pictura_mail_sends_total", { outcome: "sent" })).toBe(1);
  expect(moved(before, after, "pictura_mail_sends_total", { outcome: "failed" })).toBe(1);
  expect(after.text).not.toContain("someone@example.com");
});

// Payment client secrets are single-use, expire, and are checked against the account as it is when
// they are confirmed — replays of how stale secrets turned into free credits.
import { POST as confirm } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { POST as cancel } from "@/app/api/subscription/cancel/route";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

async function start(cookie: string, tier: string): Promise<string> {
  const response = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier } }));
  expect(response.status).toBe(200);
  return (await response.json()).clientSecret;
}

const pay = (cookie: string, clientSecret: string) => confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card } }));

describe("sandbox client secrets", () => {
  beforeAll(() => {
    setSettings({ STRIPE_SECRET_KEY: undefined });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("refuses the old Essential secret after Pro was confirmed: the user stays on Pro with Pro's credits only", async () => {
    const { user, cookie } = await signedInUser();
    const essential = await start(cookie, "essential");
    const pro = await start(cookie, "pro");
    expect((await pay(cookie, pro)).status).toBe(200);
    const stale = await pay(cookie, essential);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/no longer|start again/i);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "pro", credits: 60 + 175 });
    expect(await db.subscription.count({ where: { userId: user.id, status: "active", planId: "pro" } })).toBe(1);
  });

  it("refuses an earlier plan's secret once a newer checkout has started", async () => {
    const { user, cookie } = await signedInUser();
    const essential = await start(cookie, "essential");
    await start(cookie, "pro");
    expect((await pay(cookie, essential)).status).toBe(409);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "trial", credits: 60 });
  });

  it("refuses a pack secret confirmed after the Pro plan was cancelled", async () => {
    const { user, cookie } = await signedInUser();
    expect((await pay(cookie, await start(cookie, "pro"))).status).toBe(200);
    const started = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie, body: { packId: "pro_credit_pack" } }));
    const { clientSecret } = await started.json();
    expect((await cancel(apiRequest("POST", "/api/subscription/cancel", { cookie }))).status).toBe(200);
    const before = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits;
    const refused = await pay(cookie, clientSecret);
    expect(refused.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(before);
  });

  it("uses a secret once: the second confirmation is refused", async () => {
    const { cookie } = await signedInUser();
    const secret = await start(cookie, "essential");
    expect((await pay(cookie, secret)).status).toBe(200);
    expect((await pay(cookie, secret)).status).toBe(409);
  });

  it("refuses a secret older than an hour", async () => {
    const { user, cookie } = await signedInUser();
    const secret = await start(cookie, "pro");
    jest.useFakeTimers({ now: Date.now() + 61 * 60 * 1000, doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "queueMicrotask"] });
    const expired = await pay(cookie, secret);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toBe("payment_expired");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("trial");
  });
});

import { POST as confirm } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { GET as packs } from "@/app/api/credits/packs/route";
import { POST as cancel } from "@/app/api/subscription/cancel/route";
import { GET as current } from "@/app/api/subscription/current/route";
import { GET as plans } from "@/app/api/subscription/plans/route";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

async function offered(cookie?: string): Promise<string[]> {
  const response = await plans(apiRequest("GET", "/api/subscription/plans", { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()).map((plan: { tier: string }) => plan.tier);
}

async function subscribe(cookie: string, tier: string) {
  const started = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier } }));
  expect(started.status).toBe(200);
  const { clientSecret, provider } = await started.json();
  expect(provider).toBe("sandbox");
  return clientSecret as string;
}

describe("plans and the payment sandbox", () => {
  beforeAll(() => {
    setSettings({ STRIPE_SECRET_KEY: undefined });
  });

  it("offers plans by tier: guests, trial and free see Essential and Pro; Essential sees Pro; Pro sees none", async () => {
    const guest = await plans(apiRequest("GET", "/api/subscription/plans"));
    expect(await guest.json()).toEqual([
      { id: "essential", tier: "essential", name: "Essential", price: 6.99, currency: "usd", credits: 60, savedImages: 25, extraPack: null },
      {
        id: "pro",
        tier: "pro",
        name: "Pro",
        price: 9.99,
        currency: "usd",
        credits: 175,
        savedImages: 100,
        extraPack: { credits: 60, price: 2.99, currency: "usd" },
      },
    ]);
    expect(await offered((await signedInUser({ tier: "trial" })).cookie)).toEqual(["essential", "pro"]);
    expect(await offered((await signedInUser({ tier: "free" })).cookie)).toEqual(["essential", "pro"]);
    expect(await offered((await signedInUser({ tier: "essential" })).cookie)).toEqual(["pro"]);
    expect(await offered((await signedInUser({ tier: "pro" })).cookie)).toEqual([]);
  });

  it("tells a Pro member without a subscription row what the Pro plan gives a month, from the plan's row", async () => {
    const { cookie } = await signedInUser({ tier: "pro" });
    const answer = await current(apiRequest("GET", "/api/subscription/current", { cookie }));
    expect(await answer.json()).toMatchObject({ tier: "pro", plan: null, monthlyCredits: 175 });
    await db.plan.update({ where: { id: "pro" }, data: { credits: 190 } });
    try {
      const changed = await current(apiRequest("GET", "/api/subscription/current", { cookie }));
      expect(await changed.json()).toMatchObject({ monthlyCredits: 190 });
    } finally {
      await db.plan.update({ where: { id: "pro" }, data: { credits: 175 } });
    }
  });

  it("subscribes a trial user to Pro: tier, 175 credits on the ledger, an active subscription", async () => {
    const { user, cookie } = await signedInUser();
    const clientSecret = await subscribe(cookie, "pro");
    expect(await (await current(apiRequest("GET", "/api/subscription/current", { cookie }))).json()).toMatchObject({
      tier: "trial",
      plan: null,
      monthlyCredits: null,
    });
    const pending = await db.subscription.findFirstOrThrow({ where: { userId: user.id } });
    expect(pending).toMatchObject({ provider: "sandbox", status: "incomplete", planId: "pro" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("trial");

    const paid = await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card } }));
    expect(paid.status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "pro", credits: 235 });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "active" });
    const mine = await (await current(apiRequest("GET", "/api/subscription/current", { cookie }))).json();
    expect(mine).toMatchObject({
      tier: "pro",
      status: "active",
      provider: "sandbox",
      plan: { id: "pro", credits: 175, savedImages: 100 },
      monthlyCredits: 175,
    });
    expect(new Date(mine.renewsAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const grant = await db.creditTransaction.findFirstOrThrow({ where: { userId: user.id, kind: "subscription" } });
    expect(grant).toMatchObject({ delta: 175, balanceAfter: 235, operation: "pro" });

    // A client secret is single-use: confirming the same payment again is refused and grants nothing.
    const again = await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card } }));
    expect(again.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(235);
  });

  it("declines Stripe's decline test card with the card's message and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const clientSecret = await subscribe(cookie, "essential");
    const declined = await confirm(
      apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card: { ...card, number: "4000 0000 0000 0002" } } }),
    );
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({ error: "card_declined", message: "Your card was declined." });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "trial", credits: 60 });
  });

  it("checks the card form like a card form: number, expiry, security code", async () => {
    const { cookie } = await signedInUser();
    const clientSecret = await subscribe(cookie, "essential");
    const send = (overrides: Partial<typeof card>) =>
      confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card: { ...card, ...overrides } } }));
    expect(await (await send({ number: "4242 4242 4242 4241" })).json()).toMatchObject({ message: "Your card number is invalid." });
    expect(await (await send({ expiry: "01/20" })).json()).toMatchObject({ message: "Your card's expiration date is invalid or in the past." });
    expect((await send({ cvc: "1" })).status).toBe(400);
  });

  it("refuses another user's client secret and a forged one", async () => {
    const owner = await signedInUser();
    const clientSecret = await subscribe(owner.cookie, "pro");
    const thief = await signedInUser();
    const stolen = await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie: thief.cookie, body: { clientSecret, card } }));
    expect(stolen.status).toBe(404);
    const forged = await confirm(
      apiRequest("POST", "/api/billing/sandbox/confirm", { cookie: owner.cookie, body: { clientSecret: `${clientSecret.slice(0, -4)}AAAA`, card } }),
    );
    expect(forged.status).toBe(404);
    expect((await db.user.findUniqueOrThrow({ where: { id: thief.user.id } })).tier).toBe("trial");
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).tier).toBe("trial");
  });

  it("replaces Essential with Pro on upgrade, and refuses plans the tier already includes", async () => {
    const { user, cookie } = await signedInUser();
    await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret: await subscribe(cookie, "essential"), card } }));
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("essential");
    const sameAgain = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "essential" } }));
    expect(sameAgain.status).toBe(409);

    await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret: await subscribe(cookie, "pro"), card } }));
    const subscriptions = await db.subscription.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(subscriptions.map((row) => [row.planId, row.status])).toEqual([
      ["essential", "canceled"],
      ["pro", "active"],
    ]);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "pro", credits: 60 + 60 + 175 });
    const proAgain = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(proAgain.status).toBe(409);
  });

  it("sells the 60-credit pack to Pro members only", async () => {
    const trial = await signedInUser();
    expect(await (await packs(apiRequest("GET", "/api/credits/packs", { cookie: trial.cookie }))).json()).toEqual([]);
    const refused = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie: trial.cookie, body: { packId: "pro_credit_pack" } }));
    expect(refused.status).toBe(403);

    const pro = await signedInUser({ tier: "pro", credits: 3 });
    expect(await (await packs(apiRequest("GET", "/api/credits/packs", { cookie: pro.cookie }))).json()).toEqual([
      { id: "pro_credit_pack", tier: "pro", name: "60 extra credits", price: 2.99, currency: "usd", credits: 60 },
    ]);
    const started = await createPaymentIntent(apiRequest("POST", "/api/create-payment-intent", { cookie: pro.cookie, body: { packId: "pro_credit_pack" } }));
    const { clientSecret } = await started.json();
    await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie: pro.cookie, body: { clientSecret, card } }));
    await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie: pro.cookie, body: { clientSecret, card } }));
    expect((await db.user.findUniqueOrThrow({ where: { id: pro.user.id } })).credits).toBe(63);
    expect(await db.creditTransaction.findFirstOrThrow({ where: { userId: pro.user.id, kind: "purchase" } })).toMatchObject({
      delta: 60,
      operation: "pro_credit_pack",
    });
  });

  it("ends a sandbox plan at once when cancelled, keeping the credits", async () => {
    const { user, cookie } = await signedInUser();
    await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret: await subscribe(cookie, "pro"), card } }));
    const response = await cancel(apiRequest("POST", "/api/subscription/cancel", { cookie }));
    expect(response.status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "free", credits: 235 });
    expect(await db.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ status: "canceled" });
    expect((await cancel(apiRequest("POST", "/api/subscription/cancel", { cookie }))).status).toBe(404);
    expect((await cancel(apiRequest("POST", "/api/subscription/cancel"))).status).toBe(401);
  });

  it("answers bad subscription requests with 400 and guests with 401", async () => {
    const { cookie } = await signedInUser();
    const bad = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "gold" } }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "invalid_request", message: "Choose the Essential or Pro plan." });
    expect((await createSubscription(apiRequest("POST", "/api/create-subscription", { body: { tier: "pro" } }))).status).toBe(401);
  });
});

describe("starting checkouts at once", () => {
  it("answers every one of several simultaneous subscription starts from one account without a 5xx", async () => {
    const { user, cookie } = await signedInUser();
    // Rounds of eight, as a double click or a retrying client sends them: each start cancels the
    // unpaid ones before it, rows that the other starts of the round are updating too.
    const answers: Response[] = [];
    for (let round = 0; round < 4; round += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, () => createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }))),
        )),
      );
    }
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(32);
  });
});

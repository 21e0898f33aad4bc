// The payment sandbox grants real plans and credits for a fake card, so a production build must
// never run it by accident: without Stripe keys there are no payments, unless BILLING_SANDBOX=true
// turns the sandbox on on purpose.
import { GET as billingMode } from "@/app/api/billing/mode/route";
import { POST as confirm } from "@/app/api/billing/sandbox/confirm/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { sandboxClientSecret } from "@/lib/billing/sandbox-provider";
import { sandboxNoticeRequired } from "@/lib/billing/config";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

describe("billing in a production build without Stripe keys", () => {
  beforeEach(() => {
    setSettings({ STRIPE_SECRET_KEY: undefined, NODE_ENV: "production", APP_URL: "http://localhost:3000", BILLING_SANDBOX: undefined });
  });

  it("refuses to start or confirm a sandbox payment, and says payment is not available", async () => {
    const { user, cookie } = await signedInUser();
    const started = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(started.status).toBe(409);
    expect(await started.json()).toEqual({ error: "payments_unavailable", message: "Payment is not available on this site right now." });

    // A secret minted while the sandbox was on (or forged with the same code) is refused too.
    const pending = await db.subscription.create({
      data: { userId: user.id, planId: "pro", provider: "sandbox", providerSubscriptionId: `sub_sandbox_${user.id}`, status: "incomplete" },
    });
    const clientSecret = sandboxClientSecret({ kind: "subscription", id: pending.providerSubscriptionId, userId: user.id, planId: "pro" });
    const confirmed = await confirm(apiRequest("POST", "/api/billing/sandbox/confirm", { cookie, body: { clientSecret, card } }));
    expect(confirmed.status).toBe(404);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ tier: "trial", credits: 60 });

    expect(await (await billingMode(apiRequest("GET", "/api/billing/mode"))).json()).toEqual({ payments: "unavailable" });
    expect(sandboxNoticeRequired()).toBe(false);
  });

  it("runs the sandbox when BILLING_SANDBOX=true, and then every page must say payments are not real", async () => {
    setSettings({ BILLING_SANDBOX: "true" });
    const { cookie } = await signedInUser();
    const started = await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }));
    expect(started.status).toBe(200);
    expect((await started.json()).provider).toBe("sandbox");
    expect(await (await billingMode(apiRequest("GET", "/api/billing/mode"))).json()).toEqual({ payments: "sandbox" });
    expect(sandboxNoticeRequired()).toBe(true);
  });
});

describe("billing outside production", () => {
  it("runs the sandbox without Stripe keys and without a notice on every page", () => {
    setSettings({ STRIPE_SECRET_KEY: undefined });
    expect(sandboxNoticeRequired()).toBe(false);
  });
});

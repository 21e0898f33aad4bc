// The site set up for Stripe against a fake of its API on 127.0.0.1 (tests/fakes/stripe-server.ts), for
// the tests of the describe block (or file) this is called in: started before them, and the site's
// Stripe settings cleared and the fake stopped after them.
import type { FakeStripe } from "../fakes/stripe-server";
import { setSettings } from "../setup/settings";

export function usingFakeStripe(stripe: FakeStripe, webhookSecret: string): void {
  beforeAll(async () => {
    await stripe.start();
    setSettings({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake_pictura",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.baseUrl,
    });
  });

  afterAll(async () => {
    setSettings({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE: undefined });
    await stripe.stop();
  });
}

/**
 * @jest-environment node
 */
// Settings are parsed once and then only read: env() does not look at process.env again until the
// settings are configured anew (tests/setup/settings.ts), and a preview of a change resolves in one
// place into what it implies (not indexed, sandbox payments, mail kept in the outbox, reviewers).
import robots from "@/app/robots";
import { billingModeOf } from "@/lib/billing/mode";
import { env } from "@/lib/env";
import { mailAvailable } from "@/lib/mail/mailer";
import { siteSettings, siteSettingsOf } from "@/lib/settings/site";
import { configureEnvironment, environment, environmentVersion } from "@/lib/settings/source";
import { providerSettingsOf } from "@/lib/tools/server-facts";
import { setSettings } from "../setup/settings";

describe("env()", () => {
  const original = process.env;
  afterEach(() => {
    process.env = original;
    delete process.env.SIGNUP_RATE_LIMIT;
  });

  it("reads no variable on later calls: the first parse is kept", () => {
    setSettings({ SIGNUP_RATE_LIMIT: "11" });
    const first = env();
    const read: PropertyKey[] = [];
    process.env = new Proxy(original, {
      get: (target, name) => {
        read.push(name);
        return Reflect.get(target, name);
      },
      ownKeys: (target) => {
        read.push("(every name)");
        return Reflect.ownKeys(target);
      },
    });
    for (let call = 0; call < 1000; call++) expect(env()).toBe(first);
    expect(read).toEqual([]);
  });

  it("ignores a change to process.env until the settings are configured again", () => {
    const before = env().SIGNUP_RATE_LIMIT;
    process.env.SIGNUP_RATE_LIMIT = String(before + 5);
    expect(env().SIGNUP_RATE_LIMIT).toBe(before);
    const version = environmentVersion();
    configureEnvironment(null);
    expect(environmentVersion()).not.toBe(version);
    expect(env().SIGNUP_RATE_LIMIT).toBe(before + 5);
  });

  it("takes a test's settings over process.env, and undefined removes a variable", () => {
    process.env.SIGNUP_RATE_LIMIT = "12";
    setSettings({ SIGNUP_RATE_LIMIT: "13", AUTH_GOOGLE_ID: "from-a-test" });
    expect(env()).toMatchObject({ SIGNUP_RATE_LIMIT: 13, AUTH_GOOGLE_ID: "from-a-test" });
    setSettings({ SIGNUP_RATE_LIMIT: undefined });
    expect(environment().SIGNUP_RATE_LIMIT).toBeUndefined();
    expect(env().SIGNUP_RATE_LIMIT).toBe(10);
    expect(process.env.SIGNUP_RATE_LIMIT).toBe("12");
  });

  it("reads every provider setting a tool names in the registry, and refuses a wrong one by its name", () => {
    const settings = [...new Set(Object.values(providerSettingsOf()))];
    expect(settings).toEqual(expect.arrayContaining(["IMAGE_PROVIDER_OBJECT_REMOVAL", "IMAGE_PROVIDER_EXPAND", "IMAGE_PROVIDER_GENERATE"]));
    for (const setting of settings) {
      setSettings({ [setting]: " flux " });
      expect((env() as Record<string, unknown>)[setting]).toBe("flux");
      setSettings({ [setting]: "bogus" });
      expect(() => env()).toThrow(`${setting}: must be local, flux or openai`);
      setSettings({ [setting]: undefined });
      expect((env() as Record<string, unknown>)[setting]).toBeUndefined();
    }
  });
});

describe("site settings", () => {
  const production = { NODE_ENV: "production", APP_URL: "https://pictura.example" };

  it("resolve a preview into its settings: not indexed, sandbox payments, outbox mail, reviewers", () => {
    expect(
      siteSettingsOf({
        ...production,
        APP_ENV: "preview",
        PREVIEW_NAME: " pr-12 ",
        PREVIEW_PASSWORD: "open sesame",
        PRODUCTION_URL: "https://pictura.example/x",
      }),
    ).toEqual({
      production: true,
      preview: { name: "pr-12", password: "open sesame", productionOrigin: "https://pictura.example" },
      indexable: false,
      sandboxPayments: true,
      payments: "sandbox",
      mailOutbox: true,
      reviewers: true,
    });
    // The platforms' own flags, and the branch they built as the name.
    expect(siteSettingsOf({ ...production, VERCEL_ENV: "preview", VERCEL_GIT_COMMIT_REF: "feature/x" }).preview).toEqual({
      name: "feature/x",
      password: null,
      productionOrigin: null,
    });
    expect(siteSettingsOf({ ...production, IS_PULL_REQUEST: "true", RENDER_GIT_BRANCH: "fix" }).preview?.name).toBe("fix");
    // A preview with Stripe's test keys pays through Stripe.
    expect(siteSettingsOf({ ...production, APP_ENV: "preview", STRIPE_SECRET_KEY: "sk_test_x" }).payments).toBe("stripe");
  });

  it("leave a production site indexed, without sandbox payments, outbox or reviewers", () => {
    expect(siteSettingsOf({ ...production, PREVIEW_PASSWORD: "ignored", PRODUCTION_URL: "https://elsewhere.example", VERCEL_ENV: "production" })).toEqual({
      production: true,
      preview: null,
      indexable: true,
      sandboxPayments: false,
      payments: "unavailable",
      mailOutbox: false,
      reviewers: false,
    });
    expect(siteSettingsOf({ ...production, BILLING_SANDBOX: "true" })).toMatchObject({ sandboxPayments: true, payments: "sandbox", indexable: true });
    expect(siteSettingsOf({ ...production, STRIPE_SECRET_KEY: "sk_live_x" }).payments).toBe("stripe");
    expect(siteSettingsOf({ NODE_ENV: "development" })).toMatchObject({ production: false, sandboxPayments: true, payments: "sandbox", preview: null });
  });

  it("are what the app reads, once per configuration", () => {
    setSettings({ ...production, APP_ENV: undefined, VERCEL_ENV: undefined, IS_PULL_REQUEST: undefined, STRIPE_SECRET_KEY: undefined, SMTP_URL: undefined });
    const site = siteSettings();
    expect(siteSettings()).toBe(site);
    expect(robots()).toMatchObject({ rules: { allow: "/" } });
    expect(billingModeOf()).toBe("unavailable");
    expect(mailAvailable()).toBe(false);

    setSettings({ APP_ENV: "preview" });
    expect(siteSettings()).not.toBe(site);
    expect(robots()).toEqual({ rules: { userAgent: "*", disallow: "/" } });
    expect(billingModeOf()).toBe("sandbox");
    expect(mailAvailable()).toBe(true);
  });
});

/**
 * @jest-environment node
 */
// A preview moves no real money: without Stripe keys its payments run in the sandbox, no flag needed;
// Stripe test keys stay allowed (to review Stripe's own test mode); a live key in any variable stops
// the server at start, naming the variable, and every other entry point through the configuration.
import { GET as paymentMode } from "@/app/api/billing/mode/route";
import { register } from "@/instrumentation";
import { billingMode } from "@/lib/billing/config";
import { env } from "@/lib/env";
import { apiRequest } from "./helpers";
import { previewEnv, restoreEnvAfterEach, setEnv } from "./preview-env";

restoreEnvAfterEach();

const LIVE_SECRET = "sk_live_51AbCdEfGhIjKlMnOpQrStUv";

class Exited extends Error {}

/**
 * Runs the server's start-up hook as a plain `next start` behind a platform would: the exit code it
 * asked for (none: it started) and what it said. Exiting stops the hook there, as it stops the process.
 */
async function startUp(): Promise<{ exitCode: number | string | null | undefined; said: string }> {
  setEnv({ NEXT_RUNTIME: "nodejs", CLIENT_IP_SOURCE: "cloudflare" });
  const said = jest.spyOn(console, "error").mockImplementation(() => undefined);
  jest.spyOn(console, "log").mockImplementation(() => undefined);
  const exit = jest.spyOn(process, "exit").mockImplementation(() => {
    throw new Exited();
  });
  await register().catch((error: unknown) => {
    if (!(error instanceof Exited)) throw error;
  });
  return { exitCode: exit.mock.calls[0]?.[0], said: said.mock.calls.map((call) => String(call[0])).join("\n") };
}

describe("payments in a preview", () => {
  beforeEach(() => previewEnv({ BILLING_SANDBOX: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined }));

  it("run in the sandbox without BILLING_SANDBOX, where production without keys has none", async () => {
    expect(billingMode()).toBe("sandbox");
    expect(await (await paymentMode(apiRequest("GET", "/api/billing/mode"))).json()).toEqual({ payments: "sandbox" });
    setEnv({ APP_ENV: undefined });
    expect(billingMode()).toBe("unavailable");
  });

  it("run through Stripe's test mode with test keys, which start normally", async () => {
    setEnv({ STRIPE_SECRET_KEY: "sk_test_51AbCdEf", STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEf" });
    expect(billingMode()).toBe("stripe");
    expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
  });

  it.each([
    ["secret", "STRIPE_SECRET_KEY", LIVE_SECRET],
    ["restricted", "STRIPE_SECRET_KEY", "rk_live_51AbCdEfGhIj"],
    ["publishable", "STRIPE_PUBLISHABLE_KEY", "pk_live_51AbCdEfGhIj"],
    ["publishable", "NEXT_PUBLIC_STRIPE_KEY", "pk_live_51AbCdEfGhIj"],
  ])("refuse to start with a live %s key in %s, naming the variable and never the key", async (_kind, name, key) => {
    setEnv({ [name]: key });
    const { exitCode, said } = await startUp();
    expect(exitCode).toBe(1);
    expect(said).toContain(`${name}: ${name} holds a live Stripe key`);
    expect(said).not.toContain(key);
  });

  it("stop the worker and scripts too, whose first reading of the configuration refuses it", () => {
    setEnv({ STRIPE_SECRET_KEY: LIVE_SECRET, STRIPE_PUBLISHABLE_KEY: "pk_live_51AbCdEfGhIj" });
    expect(() => env()).toThrow(/STRIPE_PUBLISHABLE_KEY: .*live Stripe key[\s\S]*STRIPE_SECRET_KEY: .*live Stripe key/);
  });
});

describe("live Stripe keys outside a preview", () => {
  it("are the production site's own, and start normally", async () => {
    setEnv({ NODE_ENV: "production", APP_URL: "https://pictura.example", STRIPE_SECRET_KEY: LIVE_SECRET, STRIPE_PUBLISHABLE_KEY: "pk_live_51AbCdEfGhIj" });
    expect(await startUp()).toEqual({ exitCode: undefined, said: "" });
    expect(billingMode()).toBe("stripe");
  });
});

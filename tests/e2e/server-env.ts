// The browser tests' app server: its address and the environment it is built and started with.
// Shared by playwright.config.ts (which starts it) and scripts/test.ts (which builds it beside Jest),
// so the build the browser tests run is the one they would have made.
import { E2E_DATABASE_URL, TEST_AUTH_SECRET } from "../setup/test-env";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// The server is bound to 127.0.0.1 (HOST below), the address that made Next loop on 307 before
// server.ts; the browser still says "localhost", as OAuth redirect URIs must match Next's own URLs.
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Where the browser tests' image worker serves its metrics (tests/e2e/observability.spec.ts scrapes it). */
export const E2E_WORKER_METRICS_PORT = 3183;
export const FAKE_GOOGLE_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? 3199);
export const FAKE_GOOGLE = `http://127.0.0.1:${FAKE_GOOGLE_PORT}`;
export const FAKE_SMTP_PORT = Number(process.env.FAKE_SMTP_PORT ?? 3197);

export function e2eServerEnv(): Record<string, string> {
  return {
    DATABASE_URL: E2E_DATABASE_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    APP_URL: E2E_BASE_URL,
    AUTH_URL: `${E2E_BASE_URL}/api/auth`,
    // The tests wait on the image worker's jobs: it runs at the same priority as the browsers and the
    // test runner instead of below them, as production's workers do beside the web tier.
    WORKER_NICE: "0",
    // Every browser test comes from one address; the image rate limit is tested in Jest.
    IMAGE_RATE_LIMIT: "100000",
    SIGNUP_RATE_LIMIT: "100000",
    // A production build without Stripe keys has no payments unless the sandbox is switched on.
    BILLING_SANDBOX: "true",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: FAKE_GOOGLE,
    AUTH_APPLE_ID: "",
    SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
    MAIL_FROM: "Pictura <no-reply@pictura.test>",
    // The test runner shows the server's output: its warnings and errors, not a line per request.
    LOG_LEVEL: "warn",
    WORKER_METRICS_PORT: String(E2E_WORKER_METRICS_PORT),
  };
}

/** What a server needs at run time and a build must not: README's bare-Node deploy builds before it migrates. */
export const RUNTIME_SECRETS = ["DATABASE_URL", "AUTH_SECRET"] as const;

/**
 * The environment the browser tests' build is made with: the caller's and the server's settings (the
 * address its pages are prerendered on, the payment mode they show) without AUTH_SECRET, which the
 * server gets when it starts. A module that reads the configuration while Next collects page data then
 * fails the suite's own build, as it would fail a deploy's. The database stays: the pages' structured
 * data lists the plans from it when there is one (a build without it lists none), and the crawler test
 * checks them. tests/unit/build-without-secrets.test.ts loads every route without either.
 */
export function e2eBuildEnv(base: Record<string, string | undefined> = process.env): NodeJS.ProcessEnv {
  const built = { ...base, ...e2eServerEnv(), NODE_ENV: "production" } as NodeJS.ProcessEnv;
  delete built.AUTH_SECRET;
  return built;
}

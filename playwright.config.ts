import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_MAIL_DIR } from "./tests/e2e/mail";
import { E2E_BASE_URL, e2eServerEnv, FAKE_GOOGLE, FAKE_GOOGLE_PORT, FAKE_SMTP_PORT } from "./tests/e2e/server-env";

const baseURL = E2E_BASE_URL;
// Debian's Chromium where installed (CI, offline machines); otherwise Playwright's own browser. Its old
// headless shell first, as Playwright itself uses for headless tests: the same engine without the
// full browser's windowing, at about 40 % less CPU over the suite.
const executablePath =
  process.env.E2E_CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((file) => file && existsSync(file));
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};
// Specs that wait for image work on the app server's one image worker. They take turns: beside each
// other, a test's one-second job would wait behind another test's minute of background removals.
const IMAGE_WORKER_SPECS = [
  "api-keys",
  "batches",
  "editor",
  "fill-tools",
  "gallery",
  "guest-files",
  "operations",
  "security",
  "tap-select",
  "tools-basic",
  "tools-masks",
  "upscale",
  "variants",
  "verify",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  // Two files at a time (what a 2-core machine has room for) on one app server and database, each
  // test on an account of its own; the tests inside a file stay in order.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "en-US",
    // Spinners and pulses stay still (app/globals.css), so a test waiting on image work does not keep
    // the browser drawing frames the whole time.
    reducedMotion: "reduce",
    // A trace records every action's page and screen: a third of the browser's work. The retry of a
    // failed test records one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "image worker", testMatch: IMAGE_WORKER_SPECS, workers: 1, use: chromium },
    { name: "chromium", testIgnore: IMAGE_WORKER_SPECS, use: chromium },
  ],
  webServer: [
    {
      command: "tsx tests/fakes/google-oidc-server.ts",
      url: `${FAKE_GOOGLE}/.well-known/openid-configuration`,
      reuseExistingServer: !process.env.CI,
      env: { FAKE_GOOGLE_PORT: String(FAKE_GOOGLE_PORT) },
      stderr: "pipe",
    },
    {
      // The app's mail goes to a real SMTP server that files each mail where the tests read it.
      command: "tsx tests/fakes/smtp-server.ts",
      port: FAKE_SMTP_PORT,
      reuseExistingServer: !process.env.CI,
      env: { FAKE_SMTP_PORT: String(FAKE_SMTP_PORT), FAKE_SMTP_DIR: E2E_MAIL_DIR },
      stderr: "pipe",
    },
    {
      command: "tsx scripts/e2e-server.ts",
      url: `${baseURL}/robots.txt`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
      env: e2eServerEnv(),
    },
  ],
});

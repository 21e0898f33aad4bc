// A preview for reviewers, in the browser: the same build started in preview mode behind a platform's
// edge. A reviewer signs in with a plan from the sign-in screen; mail is kept in the outbox, where an
// account reads its own and follows its links to verify its address and reset its password, and none
// reaches the SMTP server. The usual server (no preview) has none of it: no outbox, no reviewer
// sign-in, and mail goes out over SMTP.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { newAccount } from "./helpers";
import { E2E_MAIL_DIR, FAKE_SMTP_PORT, waitForMail } from "./mail";
import { startPlatform, type Platform } from "./platform-edge";

let preview: Platform;
let origin = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  preview = await startPlatform({
    appPort: 3181,
    edgePort: 3182,
    env: {
      APP_ENV: "preview",
      PREVIEW_NAME: "e2e",
      // Set, and never used: a preview keeps its mail.
      SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
      MAIL_FROM: "Pictura <no-reply@pictura.test>",
      BILLING_SANDBOX: "true",
      // The browser signs up from 127.0.0.1, the address every browser test's sign-ups count against.
      SIGNUP_RATE_LIMIT: "100000",
    },
  });
  origin = preview.origin;
});

test.afterAll(async () => {
  await preview?.stop();
});

/** The mails the SMTP server received that name `address`. */
const smtpMailsTo = (address: string) => readdirSync(E2E_MAIL_DIR).filter((file) => readFileSync(path.join(E2E_MAIL_DIR, file), "utf8").includes(address));

/** Opens the outbox and follows the link in the newest mail to `address` with this subject. */
async function followOutboxLink(page: Page, address: string, subject: string, pathname: string): Promise<void> {
  await page.goto(`${origin}/preview/outbox`);
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ hasText: `To: ${address}` })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await mail.getByRole("link", { name: new RegExp(`${pathname}\\?token=`) }).click();
}

test("a reviewer signs in with a plan from the sign-in screen and finds that plan's account", async ({ page }) => {
  await page.goto(`${origin}/auth?returnTo=/gallery`);
  const reviewer = page.getByRole("form", { name: "Sign in as reviewer" });
  await expect(reviewer.getByRole("button")).toHaveText(["Trial", "Free", "Essential", "Pro"]);
  await reviewer.getByRole("button", { name: "Essential" }).click();
  await expect(page).toHaveURL(`${origin}/gallery`);
  await expect(page.getByTestId("gallery-item")).toHaveCount(3);
  await page.goto(`${origin}/account`);
  await expect(page.getByText("Signed in as reviewer-essential@reviewers.invalid")).toBeVisible();
});

test("a new account verifies its address and resets its password from its own outbox, which no reviewer can read", async ({ page, browser }) => {
  const account = newAccount();
  expect((await page.request.post(`${origin}/api/auth/register`, { data: account, headers: { origin } })).status()).toBe(201);
  await followOutboxLink(page, account.email, "Confirm your e-mail address for Pictura", "/auth/verify");
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();

  // Someone else asks for a reset of this account and signs in as a reviewer: their outbox holds
  // the reviewer's mail only, so the reset link never reaches them.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    expect((await stranger.request.post(`${origin}/api/auth/forgot-password`, { data: { email: account.email }, headers: { origin } })).status()).toBe(200);
    await stranger.goto(`${origin}/auth`);
    await stranger.getByRole("form", { name: "Sign in as reviewer" }).getByRole("button", { name: "Trial" }).click();
    await expect(stranger).toHaveURL(`${origin}/`);
    await stranger.goto(`${origin}/preview/outbox?all=1`);
    await expect(stranger.getByText(/What it would have sent to reviewer-trial@reviewers\.invalid is here/)).toBeVisible();
    await expect(stranger.getByTestId("outbox-mail").filter({ hasText: account.email })).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The account itself, signed in, finds the reset mail in its own outbox and follows it.
  await followOutboxLink(page, account.email, "Reset your Pictura password", "/auth/reset");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a-new-preview-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: account.email, password: "a-new-preview-password" },
    headers: { origin },
  });
  expect(login.status()).toBe(200);
  // Nothing of it went to the SMTP server the preview was given.
  expect(smtpMailsTo(account.email)).toEqual([]);
});

test("outside a preview there is no outbox, no reviewer sign-in, and mail goes out over SMTP", async ({ page, request, baseURL }) => {
  const outbox = await page.goto("/preview/outbox");
  expect(outbox?.status()).toBe(404);
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Sign in as reviewer" })).toHaveCount(0);
  expect((await request.post("/api/preview/reviewer", { data: { plan: "pro" }, headers: { origin: baseURL! } })).status()).toBe(404);

  const account = newAccount();
  expect((await request.post("/api/auth/register", { data: account })).status()).toBe(201);
  const mail = await waitForMail(account.email, /Confirm your e-mail address/);
  expect(mail.text).toContain("/auth/verify?token=");
});

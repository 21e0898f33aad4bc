import { expect, test } from "@playwright/test";
import { newAccount } from "./helpers";
import { linkTo, waitForMail } from "./mail";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("a person who forgot their password sets a new one from the link in the mail", async ({ page, request }) => {
  const account = newAccount();
  // The account is made by another client: this browser starts signed out, as someone locked out is.
  expect((await request.post("/api/auth/register", { data: account })).status()).toBe(201);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();

  const mail = await waitForMail(account.email, /Reset your Pictura password/);
  expect(mail.html).toContain("Choose a new password");
  const link = linkTo(mail, "/auth/reset");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  // Opening the link from the mail proved the address as well.
  await expect(page.getByTestId("email-status")).toHaveText("Verified");
  // The other client's session (from its sign-up) was ended by the reset.
  expect((await request.get("/api/credits/balance")).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: { email: account.email, password: "a-brand-new-password" } })).status()).toBe(200);

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password").fill("yet-another-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This reset link is invalid, already used or expired.")).toBeVisible();
});

test("the Account page lists where the account is signed in and ends another browser's session", async ({ browser, page }) => {
  const account = newAccount();
  expect((await page.request.post("/api/auth/register", { data: account })).status()).toBe(201);
  const other = await browser.newContext({ userAgent: FIREFOX_LINUX });
  try {
    expect((await other.request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const otherPage = await other.newPage();
    await otherPage.goto("/account");
    await expect(otherPage.getByText(`Signed in as ${account.email}`)).toBeVisible();

    await page.goto("/account");
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
    const otherRow = rows.filter({ hasText: "Firefox on Linux" });
    await expect(otherRow).not.toContainText("This browser");
    await otherRow.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("Session ended")).toBeVisible();
    await expect(rows).toHaveCount(1);

    // The other browser is signed out at once: its calls get 401 and its account page sends it to sign in.
    expect((await other.request.get("/api/credits/balance")).status()).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth\?returnTo=/);
    // This browser is still signed in.
    expect((await page.request.get("/api/credits/balance")).status()).toBe(200);
  } finally {
    await other.close();
  }
});

// The console's browser tests' shared steps: an account made admin with `npm run admin -- grant`,
// who turns on two-step sign-in and signs in again with a code, and a result the signed-in user makes
// for free (a conversion), for a screen to show.
import { spawnSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import { E2E_DATABASE_URL } from "../setup/test-env";
import { signUpOnAuthScreen } from "./helpers";

export type Account = Awaited<ReturnType<typeof signUpOnAuthScreen>>;

const appCode = (secret: string, stepsAhead: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

/** Makes an account an admin the only way there is: the command line, against the tests' database. */
function grantAdmin(email: string): void {
  const result = spawnSync(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/admin.ts", "grant", email], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
  });
  expect(`${result.stdout}${result.stderr}`.trim()).toBe(`${email} is now an admin.`);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
}

export async function signInWithPassword(page: Page, account: Account) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A new admin who turned on two-step sign-in and signed in again with a code: the console opens. */
export async function adminWithSecondFactor(page: Page): Promise<Account> {
  const admin = await signUpOnAuthScreen(page);
  grantAdmin(admin.email);
  // Signed in with a password alone: sent to the Account page's two-step card.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account#two-factor$/);
  const section = page.getByTestId("two-factor");
  await section.getByRole("button", { name: "Turn on" }).click();
  const secret = (await section.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
  await section.getByLabel("6-digit code").fill(appCode(secret, 0));
  await section.getByRole("button", { name: "Confirm" }).click();
  await section.getByRole("button", { name: "I have saved them" }).click();
  await signOut(page);
  await signInWithPassword(page, admin);
  await page.getByLabel("Code", { exact: true }).fill(appCode(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("You have successfully signed in.")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Console overview" })).toBeVisible();
  return admin;
}

/** A 16 px picture of `colour` the signed-in user converts to WebP: the result's own address (/api/files/{id}). */
export async function convertedResult(page: Page, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const answer = await page.evaluate(
    async (image) => {
      const response = await fetch("/api/convert-image", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ image, format: "webp" }),
      });
      return { status: response.status, body: (await response.json()) as { convertedImage?: string } };
    },
    `data:image/png;base64,${png.toString("base64")}`,
  );
  expect(answer.status).toBe(200);
  const fileUrl = new URL(answer.body.convertedImage!, "http://app.invalid").pathname;
  return fileUrl;
}

export async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

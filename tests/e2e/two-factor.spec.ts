// Two-step sign-in in a real browser: turned on from the Account page with a code from the app's key,
// the recovery codes shown once; then a sign-in asks for a code after the password, refuses a wrong
// one, and signs in with the app's code; a recovery code works once. On a desktop and on a 320 px phone.
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DESKTOP_AND_PHONE, signUpOnAuthScreen } from "./helpers";

/** The app's code one step from now: accepted now, and later than any step spent before. */
const appCode = (secret: string, stepsAhead = 1) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

/** Six digits that are none of the codes valid now (this step or one either side). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => appCode(secret, steps)));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
}

async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
}

for (const [label, viewport] of DESKTOP_AND_PHONE) {
  test.describe(label, () => {
    test.use({ viewport });

    test("a user turns on two-step sign-in and signs in with a code, then once with a recovery code", async ({ page }) => {
      const account = await signUpOnAuthScreen(page);
      await page.goto("/account");
      const section = page.getByTestId("two-factor");
      await section.getByRole("button", { name: "Turn on" }).click();
      await expect(section.getByRole("img", { name: "QR code that adds your Pictura account to an authenticator app" })).toBeVisible();
      const secret = (await section.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
      await section.getByLabel("6-digit code").fill(appCode(secret, 0));
      await section.getByRole("button", { name: "Confirm" }).click();
      const codes = section.getByTestId("recovery-codes");
      await expect(codes).toBeVisible();
      const recoveryCodes = (await codes.getByRole("listitem").allInnerTexts()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      await section.getByRole("button", { name: "I have saved them" }).click();
      await expect(section.getByText("Two-step sign-in is on.")).toBeVisible();
      await expect(section.getByTestId("recovery-codes-left")).toHaveText("You have 10 recovery codes left.");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      await signOut(page);
      await passwordStep(page, account);
      // Still signed out until the code.
      await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
      await page.getByLabel("Code", { exact: true }).fill(wrongCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("That code is not valid.")).toBeVisible();
      await page.getByLabel("Code", { exact: true }).fill(appCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("You have successfully signed in.")).toBeVisible();
      await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");

      await signOut(page);
      await passwordStep(page, account);
      await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
      await page.goto("/account");
      await expect(page.getByTestId("recovery-codes-left")).toHaveText("You have 9 recovery codes left.");
    });
  });
}

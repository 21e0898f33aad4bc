import { expect, test } from "@playwright/test";
import { signUpOnAuthScreen } from "./helpers";

const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "1239", cvc: "123" };

test("a trial user subscribes to Pro in the sandbox and sees the new plan and balance", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await page.getByRole("link", { name: "Upgrade" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText("Trial Active")).toBeVisible();
  await expect(page.getByText(/You have 60 trial credits left/)).toBeVisible();

  await page.getByTestId("plan-pro").getByRole("button", { name: "Subscribe" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Subscription" });
  await expect(dialog.getByText("Test mode: no real charge")).toBeVisible();
  await dialog.getByLabel("Card number").fill(TEST_CARD.number);
  await dialog.getByLabel("Expiry").fill(TEST_CARD.expiry);
  await expect(dialog.getByLabel("Expiry")).toHaveValue("12/39");
  await dialog.getByLabel("CVC").fill(TEST_CARD.cvc);
  await dialog.getByRole("button", { name: "Subscribe to Pro" }).click();

  await expect(page.getByText("Your subscription has been activated")).toBeVisible();
  await expect(page.getByText("Success!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("credits-left")).toHaveText("235 credits left");
  await expect(page.getByText("You're on Pro!")).toBeVisible();
  await expect(page.getByText(/235 credits remaining/)).toBeVisible();

  // The account page shows where the credits came from.
  await page.goto("/account");
  await expect(page.getByTestId("account-tier")).toHaveText("Pro");
  const ledger = page.getByTestId("ledger-row");
  await expect(ledger.nth(0)).toContainText("Pro plan: monthly credits");
  await expect(ledger.nth(0)).toContainText("+175");
  await expect(ledger.nth(1)).toContainText("Free trial credits");

  // Cancelling (the sandbox has no billing period to run out) moves the account to free and keeps its credits.
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await page.getByRole("alertdialog", { name: "Cancel your Pro plan?" }).getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByText("You are now on the free plan. Your credits stay on your account.")).toBeVisible();
  await expect(page.getByTestId("account-tier")).toHaveText("Free");
  await expect(page.getByTestId("credits-left")).toHaveText("235 credits left");
});

test("a declined card shows Payment Failed and changes nothing", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await page.goto("/subscription");
  await page.getByTestId("plan-essential").getByRole("button", { name: "Subscribe" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Subscription" });
  await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
  await dialog.getByLabel("Expiry").fill(TEST_CARD.expiry);
  await dialog.getByLabel("CVC").fill(TEST_CARD.cvc);
  await dialog.getByRole("button", { name: "Subscribe to Essential" }).click();
  await expect(page.getByText("Payment Failed")).toBeVisible();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
});

test("a guest's Login to Subscribe goes to sign-in and comes back to the plans", async ({ page }) => {
  await page.goto("/subscription");
  await expect(page.getByText("New users get 60 free trial credits")).toBeVisible();
  await page.getByTestId("plan-pro").getByRole("link", { name: "Login to Subscribe" }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsubscription$/);
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
});

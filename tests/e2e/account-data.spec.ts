// Leaving with one's data: an Essential member downloads everything as a ZIP from the account page,
// then deletes the account through the confirm, which names what goes; the account is gone after.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

test("a member downloads their data, then deletes the account through the confirm dialog", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signUpOnAuthScreen(page);

  await page.goto("/subscription");
  await page.getByTestId("plan-essential").getByRole("button", { name: "Subscribe" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Subscription" });
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByLabel("Expiry").fill("1239");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByRole("button", { name: "Subscribe to Essential" }).click();
  await expect(page.getByText("Your subscription has been activated")).toBeVisible();

  // One picture in the gallery, saved the way the Save dialog saves it.
  const picture = await sharp({ create: { width: 9, height: 6, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();
  const saved = await page.evaluate(
    async (imageUrl) => {
      const response = await fetch("/api/saved-images", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ imageUrl, tool: "text_to_image", filename: "Harbour" }),
      });
      return response.status;
    },
    `data:image/png;base64,${picture.toString("base64")}`,
  );
  expect(saved).toBe(200);

  await page.goto("/account");
  await expect(page.getByText("Your data")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pictura-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(JSON.parse(strFromU8(archive["account.json"]!))).toMatchObject({ email: account.email, firstName: "Ada" });
  expect(Buffer.from(archive["gallery/001-Harbour.png"]!).equals(picture)).toBe(true);
  expect(JSON.parse(strFromU8(archive["gallery.json"]!))).toMatchObject([{ filename: "Harbour", file: "gallery/001-Harbour.png" }]);
  expect(Object.keys(archive)).toEqual(expect.arrayContaining(["credits.json", "projects.json"]));

  await page.getByRole("button", { name: "Delete account" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
  const losses = confirm.getByTestId("delete-losses");
  await expect(losses).toContainText("1 gallery image");
  await expect(losses).toContainText("0 projects");
  await expect(losses).toContainText("remaining credits");
  await expect(losses).toContainText("Your Essential plan, cancelled at once");

  await confirm.getByLabel("Enter your password to confirm").fill("not-my-password");
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("The password is not correct.");

  await confirm.getByLabel("Enter your password to confirm").fill(account.password);
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account and your data have been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/(en)?$/);

  // The account is gone: signing in with it fails, and the account page asks to sign in.
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?returnTo=/);
});

test("someone who signs in with Google deletes the account right after signing in, without a password", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");

  await page.goto("/account");
  await page.getByRole("button", { name: "Delete account" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(confirm.getByTestId("delete-losses")).toContainText("60 remaining credits");
  await expect(confirm.getByLabel("Enter your password to confirm")).toHaveCount(0);
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account and your data have been deleted.")).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?returnTo=/);
});

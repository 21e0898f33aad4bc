// The gallery as its users meet it: an Essential member saves a tool's result, finds it with its
// label and time, downloads and deletes it; a trial user finds the feature locked; the first paint
// already shows which of these a visitor gets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

const COFFEE = path.resolve(process.cwd(), "tests/fixtures/photos/coffee.png");

async function subscribeToEssential(page: Page) {
  await page.goto("/subscription");
  await page.getByTestId("plan-essential").getByRole("button", { name: "Subscribe" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Subscription" });
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiry").fill("1239");
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Subscribe to Essential" }).click();
  await expect(page.getByText("Your subscription has been activated")).toBeVisible();
}

test("an Essential member saves a background removal, finds it in the gallery, downloads and deletes it", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpOnAuthScreen(page);
  await subscribeToEssential(page);

  await page.goto("/background-removal");
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await page.getByRole("button", { name: "Remove Background" }).click();
  await expect(page.getByRole("button", { name: "Download PNG" })).toBeVisible({ timeout: 150_000 });

  await page.getByRole("button", { name: "Save" }).click();
  const save = page.getByRole("dialog", { name: "Save Image" });
  await expect(save.getByText("0 of 25 images saved")).toBeVisible();
  await save.getByLabel("Filename").fill("Coffee cut-out");
  await save.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your image has been saved to your gallery.")).toBeVisible();

  await page.getByRole("link", { name: "Gallery" }).first().click();
  await expect(page.getByRole("heading", { name: "Your Gallery" })).toBeVisible();
  await expect(page.getByTestId("storage-usage")).toContainText("1 of 25 images saved");
  const item = page.getByTestId("gallery-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Background Removal")).toBeVisible();
  await expect(item.getByText("Coffee cut-out")).toBeVisible();
  await expect(item.locator("time")).toHaveText(/now|second/);

  const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("Coffee cut-out.png");
  const metadata = await sharp(readFileSync((await download.path())!)).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 600, 400]);

  await item.getByRole("button", { name: "Delete Coffee cut-out" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No saved images yet")).toBeVisible();
  await expect(page.getByTestId("storage-usage")).toContainText("0 of 25 images saved");
});

test("a trial user finds the gallery locked and is offered the upgrade", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await page.goto("/gallery");
  const locked = page.getByRole("dialog");
  await expect(locked.getByText("Gallery Feature Locked")).toBeVisible();
  await expect(locked.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/subscription");
});

test("the gallery's first paint already says what a visitor can do there", async ({ page, request }) => {
  // A guest: the sign-in card is in the page the server sends, not drawn after a session call.
  const html = await (await request.get("/gallery")).text();
  expect(html).toContain('data-testid="gallery-sign-in"');

  // A trial user: the server's page already holds the locked notice (its scripts are not run here).
  await signUpOnAuthScreen(page);
  const response = await page.request.get("/gallery");
  expect(await response.text()).toContain("Gallery Feature Locked");
});

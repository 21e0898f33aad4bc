import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

test("a new user generates, edits, undoes, zooms, downloads, and finds the work again after a reload", async ({ page }) => {
  await signUpOnAuthScreen(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("engine-notice")).toBeVisible();

  const prompt = page.getByLabel("Describe the image");
  await prompt.fill("a red fox in a snowy forest at sunset");
  await expect(page.getByTestId("prompt-counter")).toHaveText("37/500");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByTestId("action-note")).toHaveText("Generated: a red fox in a snowy forest at sunset");
  await expect(page.getByTestId("credits-left")).toHaveText("58 credits left");
  await expect(page.getByTestId("result-image")).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/[a-z0-9]+$/);

  await page.getByLabel("Describe the change").fill("make it black and white");
  await page.getByRole("button", { name: "Edit Image" }).click();
  await expect(page.getByTestId("action-note")).toHaveText("Edited: make it black and white");
  await expect(page.getByTestId("credits-left")).toHaveText("55 credits left");

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("action-note")).toHaveText("Generated: a red fox in a snowy forest at sunset");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(page.getByTestId("action-note")).toHaveText("Edited: make it black and white");

  await page.getByRole("button", { name: "Open the full-screen viewer" }).click();
  const viewer = page.getByTestId("zoom-viewer");
  await expect(viewer).toBeVisible();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("120%");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^ai-edited-photo-\d+\.png$/);
  const file = readFileSync((await download.path())!);
  const metadata = await sharp(file).metadata();
  expect(metadata.format).toBe("png");
  expect(metadata.width).toBeGreaterThan(100);

  const projectUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByTestId("action-note")).toHaveText("Edited: make it black and white");
  await expect(page.getByTestId("result-image")).toBeVisible();
  await expect(page.getByTestId("source-image")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("55 credits left");
});

test("a guest who tries to generate sees the guest message and loses nothing", async ({ page }) => {
  await page.goto("/");
  const welcome = page.getByTestId("welcome-dialog");
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Continue without account" }).click();
  await expect(welcome).toBeHidden();
  await page.getByLabel("Describe the image").fill("a lighthouse in a storm");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("You need 2 credits for image generation, but only have 0. Sign up to get 6 more credits!")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
  await expect(page.getByTestId("result-image")).toHaveCount(0);
  // The welcome dialog is shown once.
  await page.reload();
  await expect(page.getByLabel("Describe the image")).toBeVisible();
  await expect(welcome).toHaveCount(0);
});

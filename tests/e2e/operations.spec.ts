// Image work runs in a worker while the page shows its progress: the stage and a bar with Cancel,
// and a reload in the middle of the work brings the same page back to the result.
import { randomInt } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

const ASTRONAUT = path.resolve(process.cwd(), "tests/fixtures/photos/astronaut.png");

/** The astronaut in a hue of its own: a photo the worker has not cut out before, so its model runs. */
async function unseenPhoto() {
  const buffer = await sharp(ASTRONAUT)
    .modulate({ hue: randomInt(1, 360) })
    .png()
    .toBuffer();
  return { name: "astronaut.png", mimeType: "image/png", buffer };
}

test("a tool shows the operation's stage and progress, and a reload during the work still ends on the result", async ({ page }) => {
  // The worker's first background removal loads the segmentation model.
  test.setTimeout(180_000);
  await signUpOnAuthScreen(page);
  await page.goto("/background-removal");
  await page
    .getByTestId("image-dropzone")
    .locator("input[type=file]")
    .setInputFiles(await unseenPhoto());
  await expect(page.getByTestId("upload-preview")).toBeVisible();
  await page.getByRole("button", { name: "Remove Background" }).click();

  const progress = page.getByTestId("operation-progress");
  await expect(progress).toBeVisible();
  await expect(progress.getByRole("status")).toHaveText(/In queue|Starting|Removing background/);
  await expect(progress.getByRole("progressbar", { name: "Progress" })).toBeVisible();
  await expect(progress.getByRole("button", { name: "Cancel" })).toBeEnabled();
  // The stage moves on to the work itself, with a percentage.
  await expect(progress.getByRole("status")).toHaveText(/Removing background · \d+%|Saving · \d+%/, { timeout: 60_000 });

  await page.reload();
  await expect(page.getByTestId("compare-slider")).toBeVisible({ timeout: 150_000 });
  await expect(page.getByRole("button", { name: "Download PNG" })).toBeVisible();
  await expect(page.getByTestId("operation-progress")).toHaveCount(0);
  await expect(page.getByTestId("credits-left")).toHaveText("59 credits left");
});

// Background removal, cartoon style and file conversion as a person uses them: upload a real photo,
// run the tool, pay the right number of credits, and download a real file of the promised kind.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Download, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

const PHOTOS = path.resolve(process.cwd(), "tests/fixtures/photos");
const ASTRONAUT = path.join(PHOTOS, "astronaut.png");
const COFFEE = path.join(PHOTOS, "coffee.png");

async function uploadPhoto(page: Page, file: string) {
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(file);
  await expect(page.getByTestId("upload-preview")).toBeVisible();
}

async function downloadFrom(page: Page, button: ReturnType<Page["getByRole"]>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const file = await download.path();
  expect(file).toBeTruthy();
  return { download, bytes: readFileSync(file!) };
}

/** The share of pixels in a square at the image's top-left corner that are fully transparent. */
async function transparentCornerShare(bytes: Buffer, size = 10): Promise<number> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let clear = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (data[(y * info.width + x) * info.channels + 3] === 0) clear += 1;
  }
  return clear / (size * size);
}

test("background removal makes a transparent PNG for 1 credit", async ({ page }) => {
  // The first removal loads the segmentation model on the server.
  test.setTimeout(180_000);
  await signUpOnAuthScreen(page);
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
  await page.goto("/background-removal");
  await expect(page.getByRole("heading", { name: "Background Removal" })).toBeVisible();
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 60");
  await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 1 credit");

  await uploadPhoto(page, ASTRONAUT);
  await expect(page.getByRole("radio", { name: "Transparent" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Remove Background" }).click();

  const downloadButton = page.getByRole("button", { name: "Download PNG" });
  await expect(downloadButton).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId("compare-slider")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("59 credits left");
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 59");

  const { download, bytes } = await downloadFrom(page, downloadButton);
  expect(download.suggestedFilename()).toMatch(/^ai-edited-photo-\d+\.png$/);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe("png");
  expect(metadata.hasAlpha).toBe(true);
  // The studio wall in the corner is background: it must be cut away, not painted over.
  expect(await transparentCornerShare(bytes)).toBeGreaterThan(0.9);
});

test("cartoon style asks for a style, then gives a result for 3 credits", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOnAuthScreen(page);
  await page.goto("/cartoon-style");
  await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 3 credits");
  await uploadPhoto(page, COFFEE);

  await page.getByRole("button", { name: "Apply Style" }).click();
  await expect(page.getByText("Please select a cartoon style first.")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");

  await page.getByRole("radio", { name: "Anime" }).click();
  await expect(page.getByRole("radio", { name: "Anime" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Apply Style" }).click();
  const downloadButton = page.getByRole("button", { name: "Download PNG" });
  await expect(downloadButton).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("compare-slider")).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("57 credits left");

  const { bytes } = await downloadFrom(page, downloadButton);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe("png");
  expect(metadata.width).toBeGreaterThan(100);
});

test("a guest converts a PNG to BMP and to WebP and downloads files of those formats", async ({ page }) => {
  await page.goto("/file-conversion");
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
  await uploadPhoto(page, COFFEE);
  await expect(page.getByTestId("original-format")).toHaveText("Original format: PNG");

  await page.getByRole("radio", { name: "PNG" }).click();
  await expect(page.getByRole("button", { name: "Convert Image" })).toBeDisabled();
  await expect(page.getByText("The image is already in PNG format.")).toBeVisible();

  const targets = [
    { name: "BMP", extension: "bmp", isFormat: (bytes: Buffer) => bytes.subarray(0, 2).toString("latin1") === "BM" },
    {
      name: "WebP",
      extension: "webp",
      isFormat: (bytes: Buffer) => bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP",
    },
  ];
  for (const target of targets) {
    await page.getByRole("radio", { name: target.name, exact: true }).click();
    await page.getByRole("button", { name: "Convert Image" }).click();
    const downloadButton = page.getByRole("button", { name: `Download ${target.name}` });
    await expect(downloadButton).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("converted-format")).toHaveText(target.name);

    const { download, bytes } = await downloadFrom(page, downloadButton);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^converted-image-\\d+\\.${target.extension}$`));
    expect(target.isFormat(bytes)).toBe(true);
    await expect(page.getByText(`Your ${target.name} file has been saved to your downloads.`)).toBeVisible();
  }
  // Conversion is free: nothing was charged, and a guest was never asked for credits.
  await expect(page.getByTestId("credits-left")).toHaveText("0 credits left");
});

// Batches as a person uses them: several photos at once on Background Removal, a row each, one
// credit each, and one ZIP of transparent PNGs named after the originals; a balance too small for the
// batch is said before anything starts; the rows fit a phone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { setCredits, signUpOnAuthScreen } from "./helpers";

const PHOTOS = path.resolve(process.cwd(), "tests/fixtures/photos");

/** Three distinct photos, as a person's files would be named. */
async function threePhotos() {
  const astronaut = readFileSync(path.join(PHOTOS, "astronaut.png"));
  const coffee = readFileSync(path.join(PHOTOS, "coffee.png"));
  const mirrored = await sharp(astronaut).flop().png().toBuffer();
  return [
    { name: "photo-1.png", mimeType: "image/png", buffer: astronaut },
    { name: "photo-2.png", mimeType: "image/png", buffer: coffee },
    { name: "photo-3.png", mimeType: "image/png", buffer: mirrored },
  ];
}

/** The files of a ZIP archive, read from its central directory. */
function readZip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = archive.readUInt16LE(end + 10);
  let entry = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(entry)).toBe(0x02014b50);
    const method = archive.readUInt16LE(entry + 10);
    const size = archive.readUInt32LE(entry + 20);
    const nameLength = archive.readUInt16LE(entry + 28);
    const extraLength = archive.readUInt16LE(entry + 30);
    const commentLength = archive.readUInt16LE(entry + 32);
    const local = archive.readUInt32LE(entry + 42);
    const name = archive.subarray(entry + 46, entry + 46 + nameLength).toString("utf8");
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

async function chooseFiles(page: Page, files: Awaited<ReturnType<typeof threePhotos>>) {
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(files);
  await expect(page.getByTestId("batch-row")).toHaveCount(files.length);
}

test("three photos on Background Removal give three rows and one ZIP of transparent PNGs, for 3 credits", async ({ page }) => {
  // The first removal loads the segmentation model on the server.
  test.setTimeout(540_000);
  await signUpOnAuthScreen(page);
  await page.goto("/background-removal");
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 60");
  await expect(page.getByTestId("location-note")).toHaveText("Location data (GPS) is removed from your photos before they are stored.");

  await chooseFiles(page, await threePhotos());
  await expect(page.getByTestId("batch-list").getByRole("heading", { name: "3 files" })).toBeVisible();
  await page.getByRole("button", { name: "Remove backgrounds (3 files, 3 credits)" }).click();

  await expect(page.getByTestId("batch-row").filter({ has: page.getByTestId("batch-result") })).toHaveCount(3, { timeout: 500_000 });
  await expect(page.locator('[data-testid="batch-row"][data-status="done"]')).toHaveCount(3);
  await expect(page.getByTestId("batch-summary")).toHaveText("3 of 3 done");
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 57");
  await expect(page.getByTestId("credits-left")).toHaveText("57 credits left");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download all (3)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^no-bg-\d+\.zip$/);
  const files = readZip(readFileSync((await download.path())!));
  expect([...files.keys()].sort()).toEqual(["photo-1-no-bg.png", "photo-2-no-bg.png", "photo-3-no-bg.png"]);
  for (const [name, bytes] of files) {
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe("png");
    expect(metadata.hasAlpha, name).toBe(true);
    // Cut out: some pixels are fully transparent.
    const { channels } = await sharp(bytes).stats();
    expect(channels[3]!.min, name).toBe(0);
    // The AI label travels with the download.
    expect(metadata.xmp?.toString(), name).toContain("compositeWithTrainedAlgorithmicMedia");
  }
});

test("a balance smaller than the batch is said before anything starts, and the rows fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUpOnAuthScreen(page);
  await setCredits(account.email, 2);
  await page.goto("/background-removal");
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 2");

  await chooseFiles(page, await threePhotos());
  await expect(page.getByTestId("batch-credit-note")).toHaveText("3 files need 3 credits and you have 2. Remove some files or get more credits.");
  await page.getByRole("button", { name: "Remove backgrounds (3 files, 3 credits)" }).click();
  await expect(page.getByText("Insufficient Credits").first()).toBeVisible();
  await expect(page.locator('[data-testid="batch-row"][data-status="ready"]')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // With one file fewer the batch fits the balance.
  await page.getByRole("button", { name: "Remove photo-3.png" }).click();
  await expect(page.getByTestId("batch-row")).toHaveCount(2);
  await expect(page.getByTestId("batch-credit-note")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove backgrounds (2 files, 2 credits)" })).toBeEnabled();
  await expect(page.getByTestId("tool-balance")).toHaveText("Credits: 2");
});

test("a guest converts a batch to WebP and downloads the files under their own names", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/file-conversion");
  await chooseFiles(page, await threePhotos());
  await page.getByRole("radio", { name: "WebP" }).click();
  await page.getByRole("button", { name: "Convert 3 files to WebP" }).click();
  await expect(page.locator('[data-testid="batch-row"][data-status="done"]')).toHaveCount(3, { timeout: 150_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("conversion-batch-phone.png"), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download all (3)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^converted-images-\d+\.zip$/);
  const files = readZip(readFileSync((await download.path())!));
  expect([...files.keys()].sort()).toEqual(["photo-1.webp", "photo-2.webp", "photo-3.webp"]);
  for (const [name, bytes] of files) {
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe("webp");
    // A plain photo converted carries no AI label.
    expect(metadata.xmp, name).toBeUndefined();
  }

  // Done: another format makes the files ready to convert again.
  await expect(page.getByRole("button", { name: "All files done" })).toBeDisabled();
  await page.getByRole("radio", { name: "JPEG" }).click();
  await expect(page.locator('[data-testid="batch-row"][data-status="ready"]')).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Convert 3 files to JPEG" })).toBeEnabled();
});

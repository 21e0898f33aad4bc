// /verify in a real browser: a result Pictura made (a guest's conversion, signed by the image worker)
// reads as carrying Content Credentials, signed by this installation and trusted here; a plain photo
// reads as having none. On a desktop and a 320 px phone, and the page's heading in every language.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import ja from "../../messages/ja.json";
import zh from "../../messages/zh.json";
import { DESKTOP_AND_PHONE } from "./helpers";

const MESSAGES = { en, es, fr, de, zh, ja };
const COFFEE = path.resolve(process.cwd(), "tests/fixtures/photos/coffee.png");
const V = en.Verify;

/** A guest converts the photo to JPEG on the converter and downloads the signed result; its result links to /verify. */
async function pictureResult(page: Page): Promise<Buffer> {
  await page.goto("/file-conversion");
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await page.getByRole("radio", { name: "JPEG", exact: true }).click();
  await page.getByRole("button", { name: "Convert Image" }).click();
  const downloadButton = page.getByRole("button", { name: "Download JPEG" });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("check-credentials")).toHaveAttribute("href", "/verify");
  const [download] = await Promise.all([page.waitForEvent("download"), downloadButton.click()]);
  return readFileSync((await download.path())!);
}

async function check(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.goto("/verify");
  await expect(page.getByRole("heading", { level: 1, name: V.title })).toBeVisible();
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(file);
  return page.getByTestId("verify-result");
}

/** The page fits the screen: nothing wider than the viewport. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const [screen, viewport] of DESKTOP_AND_PHONE) {
  test.describe(screen, () => {
    test.use({ viewport });

    test("a Pictura result shows its Content Credentials: signer trusted here, when, and what was done", async ({ page }) => {
      const result = await pictureResult(page);
      const verdict = await check(page, { name: "converted.jpg", mimeType: "image/jpeg", buffer: result });
      await expect(verdict).toHaveAttribute("aria-live", "polite");
      await expect(verdict.getByRole("heading", { level: 2, name: V.headline.found })).toBeVisible({ timeout: 30_000 });
      await expect(verdict).toContainText("Pictura Content Credentials");
      await expect(verdict).toContainText(V.trusted);
      await expect(verdict).toContainText(V.installationNote);
      await expect(verdict).toContainText(V.notTimeStamped);
      await expect(verdict).toContainText(V.actions.opened);
      await expect(verdict).toContainText(V.actions.converted);
      await expect(verdict).toContainText(V.aiVerdict.none);
      await expect(verdict).toContainText(V.valid);
      await expectNoSideScroll(page);
    });

    test("a result changed after it was signed says so", async ({ page }) => {
      const result = Buffer.from(await pictureResult(page));
      // A byte of the picture data near the end, inside the signed hash.
      result[result.length - 100] = result[result.length - 100]! ^ 0x01;
      const verdict = await check(page, { name: "changed.jpg", mimeType: "image/jpeg", buffer: result });
      await expect(verdict.getByRole("heading", { level: 2, name: V.headline.changed })).toBeVisible({ timeout: 30_000 });
      await expect(verdict).toContainText("assertion.dataHash.mismatch");
      await expectNoSideScroll(page);
    });

    test("a plain photo shows no Content Credentials, and another image can be checked", async ({ page }) => {
      const verdict = await check(page, COFFEE);
      await expect(verdict.getByRole("heading", { level: 2, name: V.headline.none })).toBeVisible({ timeout: 30_000 });
      await expect(verdict).toContainText(V.headlineBody.none);
      await expectNoSideScroll(page);
      await page.getByRole("button", { name: V.another }).click();
      await expect(page.getByTestId("image-dropzone")).toBeVisible();
      await expect(verdict).toContainText(V.idle);
    });
  });
}

for (const [locale, messages] of Object.entries(MESSAGES)) {
  test(`the page reads in ${locale}, with its own title and description`, async ({ page }) => {
    await page.goto(locale === "en" ? "/verify" : `/${locale}/verify`);
    await expect(page).toHaveTitle(new RegExp(messages.Verify.metaTitle));
    await expect(page.getByRole("heading", { level: 1, name: messages.Verify.title })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", messages.Verify.metaDescription);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
}

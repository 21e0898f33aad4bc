// Upscaling as a person does it: upload, choose 2×, pay 2 credits and download a PNG exactly twice
// the size; and the editor handing its result to the tool.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

async function smallPhoto(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="97" height="64">
    <rect width="100%" height="100%" fill="#2e5e8c"/><circle cx="30" cy="32" r="18" fill="#f4d35e"/><rect x="55" y="14" width="30" height="36" fill="#ee6c4d"/>
  </svg>`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "upscale-")), "small.png");
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

test("upscaling 2× gives exactly twice the size for 2 credits", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOnAuthScreen(page);
  await page.goto("/upscale");
  await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 2 credits");
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
  await page
    .getByTestId("image-dropzone")
    .locator("input[type=file]")
    .setInputFiles(await smallPhoto());
  await expect(page.getByTestId("upload-preview")).toBeVisible();
  await expect(page.getByRole("radio", { name: "2×" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("radio", { name: "Fast" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("upscale-output-size")).toHaveText("Result: 194 × 128 px");

  await page.getByRole("button", { name: "Upscale Image" }).click();
  const download = page.getByRole("button", { name: "Download PNG" });
  await expect(download).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("compare-slider")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Result: 194 × 128 px" })).toBeVisible();
  await expect(page.getByTestId("credits-left")).toHaveText("58 credits left");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const metadata = await sharp(readFileSync((await file.path())!)).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 194, 128]);
});

test("the editor hands its result to the upscale tool", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOnAuthScreen(page);
  await page.getByLabel("Describe the image").fill("a lighthouse on a cliff");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByTestId("result-image")).toBeVisible();
  await page.getByTestId("upscale-result").click();
  await expect(page).toHaveURL(/\/upscale\?image=/);
  await expect(page.getByTestId("upload-preview")).toBeVisible();
  await expect(page.getByTestId("upscale-output-size")).toHaveText("Result: 2048 × 2048 px");
  await expect(page.getByTestId("upscale-too-large")).toHaveCount(0);
  // 4× would make 16.8 megapixels: over what fast upscaling makes, said before anything is sent.
  await page.getByRole("radio", { name: "4×" }).click();
  await expect(page.getByTestId("upscale-output-size")).toHaveText("Result: 4096 × 4096 px");
  await expect(page.getByTestId("upscale-too-large")).toBeVisible();
});

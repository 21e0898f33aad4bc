// Expand, background blur and product photos as a person uses them, on a phone and on a desktop:
// upload a small photo, see the frame or the placed product before paying, run it on the local
// engine, and download a PNG of exactly the promised size. And "Replace with…" beside Remove says
// plainly that it needs an AI provider when none is set up.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

/** A 120×80 piece of the coffee photo: small, so the local models answer in seconds. */
async function coffeePhoto(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "fill-tools-")), "coffee.png");
  const photo = readFileSync(path.join(__dirname, "..", "fixtures", "photos", "coffee.png"));
  writeFileSync(file, await sharp(photo).resize(120, 80, { fit: "cover" }).png().toBuffer());
  return file;
}

async function upload(page: Page, file: string) {
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(file);
  await expect(page.getByTestId("upload-preview")).toBeVisible();
}

/** Runs the tool, waits for its result and returns the downloaded PNG's format and size. */
async function runAndDownload(page: Page, submit: string): Promise<[string | undefined, number | undefined, number | undefined]> {
  await page.getByRole("button", { name: submit }).click();
  const download = page.getByRole("button", { name: "Download PNG" });
  await expect(download).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("compare-slider")).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const metadata = await sharp(readFileSync((await file.path())!)).metadata();
  return [metadata.format, metadata.width, metadata.height];
}

for (const [device, viewport] of [
  ["a phone", { width: 390, height: 844 }],
  ["a desktop", { width: 1280, height: 900 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test("expand, blur the background and make a product photo, each for its price", async ({ page }) => {
      test.setTimeout(240_000);
      const photo = await coffeePhoto();
      await signUpOnAuthScreen(page);

      await page.goto("/expand");
      await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 2 credits");
      await upload(page, photo);
      await page.getByRole("radio", { name: "1:1" }).click();
      await expect(page.getByTestId("expand-frame")).toHaveAttribute("data-frame", "120x120");
      await expect(page.getByTestId("expand-frame-size")).toHaveText("New frame: 120 × 120 px");
      await page.getByRole("radio", { name: "Custom" }).click();
      await page.getByLabel("Left").fill("30");
      await expect(page.getByTestId("expand-frame")).toHaveAttribute("data-frame", "150x80");
      await page.getByRole("radio", { name: "16:9" }).click();
      await expect(page.getByTestId("expand-frame")).toHaveAttribute("data-frame", "142x80");
      expect(await runAndDownload(page, "Expand Image")).toEqual(["png", 142, 80]);
      await expect(page.getByTestId("credits-left")).toHaveText("58 credits left");

      await page.goto("/blur-background");
      await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 1 credit");
      await upload(page, photo);
      await page.getByTestId("blur-strength").fill("8");
      await expect(page.getByText("8 of 10")).toBeVisible();
      expect(await runAndDownload(page, "Blur Background")).toEqual(["png", 120, 80]);
      await expect(page.getByTestId("credits-left")).toHaveText("57 credits left");

      await page.goto("/product-photo");
      await expect(page.getByTestId("tool-cost")).toHaveText("Cost: 1 credit");
      await upload(page, photo);
      await page.getByRole("radio", { name: "Instagram portrait" }).click();
      await expect(page.getByTestId("product-preview")).toHaveAttribute("data-canvas", "1080x1350");
      const placed = page.getByTestId("product-preview-photo");
      const centred = await placed.getAttribute("data-place");
      await placed.focus();
      await page.keyboard.press("ArrowUp");
      await expect(placed).not.toHaveAttribute("data-place", centred!);
      await page.getByRole("radio", { name: "Contact" }).click();
      expect(await runAndDownload(page, "Make Product Photo")).toEqual(["png", 1080, 1350]);
      await expect(page.getByTestId("credits-left")).toHaveText("56 credits left");
    });
  });
}

test("Replace with… sits beside Remove and says when it needs an AI provider", async ({ page }) => {
  await page.goto("/flux-removal");
  await page
    .getByTestId("image-dropzone")
    .locator("input[type=file]")
    .setInputFiles(await coffeePhoto());
  const field = page.getByTestId("replace-with");
  await expect(field).toBeVisible();
  const engine = await (await page.request.get("/api/imaging/engine")).json();
  if (engine.generativeFill === "none") {
    await expect(field).toBeDisabled();
    await expect(page.getByTestId("replace-with-needs-provider")).toHaveText("Replacing needs an AI provider. Remove still works.");
  } else {
    await expect(field).toBeEnabled();
  }
  await expect(page.getByRole("button", { name: "Remove Objects" })).toBeVisible();
});

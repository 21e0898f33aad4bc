// Tap-to-select as a person uses it on a phone or a desktop: in Object Removal a tap on the spoon
// in a real photo selects the spoon (the preview appears over it, with a busy sign while the model
// works), Alt-click and Subtract mode take away, and Remove Object then changes the photo there and
// hardly anywhere else, for 1 credit.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";

const COFFEE = path.resolve(process.cwd(), "tests/fixtures/photos/coffee.png");
const WIDTH = 600;
const HEIGHT = 400;
/** The bowl of the spoon resting on the saucer, in the photo's pixels. */
const SPOON = { x: 365, y: 290 };

// Touch taps as well as mouse clicks: the select mode works through pointer events.
test.use({ hasTouch: true });

async function rgb(input: Buffer | string) {
  return sharp(input).removeAlpha().raw().toBuffer();
}

/** Where a point of the photo is on the page. */
async function onPage(page: Page, point: { x: number; y: number }) {
  const box = await page.getByTestId("paint-canvas").boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + (point.x / WIDTH) * box!.width, y: box!.y + (point.y / HEIGHT) * box!.height };
}

/** The selection a mask file holds, grown by `margin` pixels (the removal grows it too, and inpainting blends). */
function grow(bits: Uint8Array, margin: number): Uint8Array {
  const grown = new Uint8Array(bits.length);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      if (!bits[y * WIDTH + x]) continue;
      for (let dy = -margin; dy <= margin; dy += 1) {
        for (let dx = -margin; dx <= margin; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < WIDTH && ny < HEIGHT) grown[ny * WIDTH + nx] = 1;
        }
      }
    }
  }
  return grown;
}

test("a tap selects the spoon, and Remove Object changes mostly that area for 1 credit", async ({ page }) => {
  test.setTimeout(240_000);
  await signUpOnAuthScreen(page);
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");
  await page.goto("/object-removal");
  await page.getByRole("dialog", { name: "Upload an image" }).getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await expect(page.getByTestId("paint-image")).toBeVisible();

  await page.getByRole("button", { name: "Select Object" }).click();
  await expect(page.getByRole("button", { name: "Stop Selecting" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Tap the object to select it.")).toBeVisible();

  const answer = page.waitForResponse((response) => response.url().endsWith("/api/segment") && response.request().method() === "POST", { timeout: 120_000 });
  const spoon = await onPage(page, SPOON);
  // The page says it is working while a tap is answered (the first one computes the photo's embedding).
  const busyShown = page.getByTestId("select-busy").waitFor({ state: "visible" });
  await page.touchscreen.tap(spoon.x, spoon.y);
  await busyShown;
  const response = await answer;
  expect(response.status()).toBe(200);
  const selected = (await response.json()) as { mask: string; width: number; height: number; score: number };
  expect([selected.width, selected.height]).toEqual([WIDTH, HEIGHT]);
  await expect(page.getByTestId("selection-overlay")).toBeVisible();
  await expect(page.getByTestId("select-busy")).toBeHidden();
  // Selecting is free.
  await expect(page.getByTestId("credits-left")).toHaveText("60 credits left");

  // Alt-click, and a tap in Subtract mode, take away: those taps go with label 0, after the first,
  // and name the photo by our own URL now instead of sending it again.
  const subtracted: { image: string; points: { label: number }[] }[] = [];
  for (const [point, how] of [
    [{ x: 150, y: 250 }, "alt-click"],
    [{ x: 540, y: 60 }, "subtract-mode"],
  ] as const) {
    const next = page.waitForResponse((response) => response.url().endsWith("/api/segment") && response.request().method() === "POST", { timeout: 60_000 });
    const where = await onPage(page, point);
    if (how === "alt-click") {
      await page.keyboard.down("Alt");
      await page.mouse.click(where.x, where.y);
      await page.keyboard.up("Alt");
    } else {
      await page.getByRole("button", { name: "Subtract" }).click();
      await expect(page.getByRole("button", { name: "Subtract" })).toHaveAttribute("aria-pressed", "true");
      await page.touchscreen.tap(where.x, where.y);
    }
    const reply = await next;
    expect(reply.status()).toBe(200);
    subtracted.push(reply.request().postDataJSON());
    selected.mask = ((await reply.json()) as { mask: string }).mask;
    await expect(page.getByTestId("select-busy")).toBeHidden();
  }
  expect(subtracted.map((request) => request.points.map((point) => point.label))).toEqual([
    [1, 0],
    [1, 0, 0],
  ]);
  for (const request of subtracted) expect(request.image).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);

  // The mask is the spoon's bowl: it holds the tapped point and is a small part of the photo.
  const maskFile = await page.request.get(selected.mask);
  expect(maskFile.ok()).toBe(true);
  const maskPixels = await sharp(await maskFile.body())
    .greyscale()
    .raw()
    .toBuffer();
  const bits = Uint8Array.from(maskPixels, (value) => (value >= 128 ? 1 : 0));
  const area = bits.reduce((sum, bit) => sum + bit, 0);
  expect(bits[SPOON.y * WIDTH + SPOON.x]).toBe(1);
  expect(area).toBeGreaterThan(2_000);
  expect(area).toBeLessThan(WIDTH * HEIGHT * 0.1);

  const remove = page.getByRole("button", { name: "Remove Object" });
  await expect(remove).toBeEnabled();
  await remove.click();
  const download = page.getByRole("button", { name: "Download Result" });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("credits-left")).toHaveText("59 credits left");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const after = await rgb(readFileSync((await file.path())!));
  const before = await rgb(COFFEE);
  expect(after.length).toBe(before.length);
  const near = grow(bits, 12);
  let inside = 0;
  let outside = 0;
  for (let index = 0; index < WIDTH * HEIGHT; index += 1) {
    let difference = 0;
    for (let channel = 0; channel < 3; channel += 1) difference += Math.abs(before[index * 3 + channel]! - after[index * 3 + channel]!);
    if (difference <= 30) continue;
    if (near[index]) inside += 1;
    else outside += 1;
  }
  // Most of the spoon changed, and almost nothing away from it.
  expect(inside).toBeGreaterThan(area * 0.5);
  expect(outside).toBeLessThan(inside / 10);
});

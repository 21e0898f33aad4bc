// A guest's result belongs to the browser that made it: the browser that converted an image shows it
// and loads it by its address, while a second browser, given the same address, gets the 404 a missing
// file gets.
import path from "node:path";
import { expect, test } from "@playwright/test";

const COFFEE = path.resolve(process.cwd(), "tests/fixtures/photos/coffee.png");

test("a guest's result loads in the browser that made it and is not found in another", async ({ page, browser, baseURL }) => {
  await page.goto("/file-conversion");
  await page.getByTestId("image-dropzone").locator("input[type=file]").setInputFiles(COFFEE);
  await expect(page.getByTestId("upload-preview")).toBeVisible();
  await page.getByRole("radio", { name: "WebP", exact: true }).click();
  await page.getByRole("button", { name: "Convert Image" }).click();
  await expect(page.getByRole("button", { name: "Download WebP" })).toBeVisible({ timeout: 30_000 });

  // The page shows the result from its own address.
  const preview = page.getByTestId("converted-preview");
  const address = await preview.getAttribute("src");
  expect(address).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  // The key the browser was given is out of the page's scripts' reach.
  const guestKey = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("pictura.guest-key"));
  expect(guestKey).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("guest-key");
  expect(await page.evaluate(async (url) => (await fetch(url)).status, address!)).toBe(200);

  const stranger = await browser.newContext({ baseURL });
  try {
    const other = await stranger.newPage();
    const visit = await other.goto(address!);
    expect(visit?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

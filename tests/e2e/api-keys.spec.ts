// A developer's first call: a key created on the Account page (shown once, copied), then a script's
// plain HTTP calls with it (no cookie, no Origin) remove a background, follow the operation and
// download the result; revoking the key on the page stops it at once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuthScreen } from "./helpers";
import { E2E_BASE_URL } from "./server-env";

const ASTRONAUT = path.join(__dirname, "..", "fixtures", "photos", "astronaut.png");

/** The share of fully transparent pixels in the image's top-left corner (a studio wall there). */
async function transparentCornerShare(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const size = Math.floor(Math.min(info.width, info.height) / 8);
  let clear = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (data[(y * info.width + x) * info.channels + 3] === 0) clear += 1;
  }
  return clear / (size * size);
}

test("a key made on the Account page removes a background from a script", async ({ page, context }) => {
  // The first removal loads the segmentation model on the server.
  test.setTimeout(200_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await signUpOnAuthScreen(page);

  await page.goto("/account");
  const section = page.getByTestId("api-keys");
  await expect(section.getByText("No API keys yet.")).toBeVisible();
  await section.getByLabel("Key name").fill("Catalogue script");
  await section.getByRole("button", { name: "Create key" }).click();
  const shown = section.getByTestId("new-api-key-value");
  await expect(shown).toHaveText(/^pk_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await section.getByRole("button", { name: "Copy the key" }).click();
  await expect(section.getByRole("button", { name: "Copy the key" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await section.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toHaveCount(0);
  const row = section.getByTestId("api-key-row");
  await expect(row).toContainText("Catalogue script");
  await expect(row).toContainText(`${key.slice(0, 11)}…`);
  await expect(row).toContainText("Never used");
  // The whole key is not on the page any more.
  expect(await page.content()).not.toContain(key);

  // A script: plain HTTP with the key, no cookie and no Origin.
  const form = new FormData();
  form.set("operation", "background_removal");
  form.set("image", new Blob([readFileSync(ASTRONAUT)], { type: "image/png" }), "astronaut.png");
  const accepted = await fetch(`${E2E_BASE_URL}/api/flux/edit`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, prefer: "respond-async", "idempotency-key": "catalogue-0001" },
    body: form,
  });
  expect(accepted.status).toBe(202);
  expect(accepted.headers.get("x-credits-charged")).toBe("1");
  expect(accepted.headers.get("x-credits-remaining")).toBe("59");
  expect(accepted.headers.get("ratelimit-limit")).toBe("60");
  const { operationId } = (await accepted.json()) as { operationId: string };

  const follow = async () => {
    const response = await fetch(`${E2E_BASE_URL}/api/operations/${operationId}`, { headers: { "x-api-key": key } });
    expect(response.status).toBe(200);
    return (await response.json()) as { status: string; result: { sample: string } | null };
  };
  await expect.poll(async () => (await follow()).status, { timeout: 170_000, intervals: [1000] }).toBe("succeeded");
  const { result } = await follow();

  const file = await fetch(`${E2E_BASE_URL}${result!.sample}`, { headers: { authorization: `Bearer ${key}` } });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe("png");
  expect(metadata.hasAlpha).toBe(true);
  expect(await transparentCornerShare(bytes)).toBeGreaterThan(0.9);

  const balance = await fetch(`${E2E_BASE_URL}/api/credits/balance`, { headers: { authorization: `Bearer ${key}` } });
  expect(await balance.json()).toEqual({ credits: 59 });

  // Revoked on the page, the key stops working at once.
  await page.reload();
  await expect(row).not.toContainText("Never used");
  await expect(row).toContainText("Last used");
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("“Catalogue script” no longer works.")).toBeVisible();
  await expect(section.getByText("No API keys yet.")).toBeVisible();
  const refused = await fetch(`${E2E_BASE_URL}/api/credits/balance`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toBe("invalid_api_key");
});

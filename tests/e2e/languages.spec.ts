import { expect, test } from "@playwright/test";

test("a visitor from Japan with no saved choice sees Japanese", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "cf-ipcountry": "JP" } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/ja$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  // The header's; a first-time visitor's welcome dialog, over the page, has one of its own.
  await expect(page.getByRole("banner").getByRole("button", { name: "ログイン" })).toBeVisible();
  await context.close();
});

test("choosing Español in the picker sticks across reloads and new visits", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\/auth$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/");
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("pages name their other languages for search engines", async ({ page, request }) => {
  await page.goto("/es/auth");
  await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute("href", /\/ja\/auth$/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain("/fr/supprimer-arriere-plan");
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /api/");
});

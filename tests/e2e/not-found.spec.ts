import { expect, test } from "@playwright/test";

test("an unknown path shows the 404 screen with status 404", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("an unknown path in another language shows that language's 404", async ({ page }) => {
  const response = await page.goto("/de/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/auth", "/api/auth/user"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }
  // Pages may load the app's scripts and Stripe's; an API answer is data and may load nothing.
  expect((await request.get("/auth")).headers()["content-security-policy"]).toContain("script-src 'self'");
  expect((await request.get("/api/auth/user")).headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

// Addresses whose percent-escapes do not decode (a truncated sequence, a non-hex digit): Next's own
// router answered them with a bare 500.
test("an address with a broken percent-escape shows the 404 page in its language", async ({ page }) => {
  const response = await page.goto("/es/fotos%E0%A4%A");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404: página no encontrada" })).toBeVisible();
  // A valid address holding a percent sign: the language rewrite once made it undecodable.
  const percent = await page.goto("/es/100%25");
  expect(percent?.status()).toBe(404);
  // Without a language in the address, the visitor's own (a fresh one here: English).
  await page.context().clearCookies();
  const english = await page.goto("/%ZZ");
  expect(english?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("a call with a broken percent-escape gets a 400 that says why", async ({ request }) => {
  for (const path of ["/api/files/%E0%A4%A", "/api/operations/%ZZ/cancel", "/api/auth/callback/%C0%AF", "/_next/static/%E0%A4%A"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect((await response.json()).error).toBe("invalid_path");
  }
});

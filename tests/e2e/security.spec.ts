// What a stranger tries against the running server, where the real socket and Next's own request
// handling are in play.
import { expect, test } from "@playwright/test";
import { newAccount } from "./helpers";

test("rotating X-Forwarded-For does not escape the sign-in limit", async ({ request, baseURL }) => {
  const account = newAccount();
  const created = await request.post("/api/auth/register", { data: account, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await request.post("/api/auth/login", {
      data: { email: account.email, password: `wrong-${i}` },
      headers: { origin: baseURL!, "x-forwarded-for": `198.51.100.${i + 1}`, "x-real-ip": `203.0.113.${i + 1}` },
    });
    statuses.push(response.status());
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});

// playwright.config.ts binds the server to 127.0.0.1 (HOST), where a bare `next start -H 127.0.0.1`
// answers every page with a 307 to itself.
test("the app serves pages when bound to a loopback address", async ({ page, request }) => {
  const direct = await request.get("/", { maxRedirects: 0 });
  expect(direct.status()).toBe(200);
  const response = await page.goto("/gallery");
  expect(response?.status()).toBeLessThan(400);
  await expect(page).toHaveURL(/\/gallery$/);
});

test("a signed-in visitor's returnTo with non-ASCII characters redirects intact instead of failing", async ({ page, baseURL }) => {
  const account = newAccount();
  const created = await page.request.post("/api/auth/register", { data: account, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  const accented = await page.request.get("/auth?returnTo=/%C3%A9", { maxRedirects: 0 });
  expect(accented.status()).toBeLessThan(400);
  expect(accented.headers()["location"]).toMatch(/\/%C3%A9$/);
  const override = await page.request.get("/auth?returnTo=/%E2%80%AE", { maxRedirects: 0 });
  expect(override.status()).toBeLessThan(500);
  expect(override.headers()["location"]).toMatch(/\/%E2%80%AE$/);
});

test("a stored file keeps its own Content-Security-Policy instead of the site-wide one", async ({ request, baseURL }) => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const converted = await request.post("/api/convert-image", {
    data: { image: `data:image/png;base64,${png}`, format: "webp" },
    headers: { origin: baseURL! },
  });
  expect(converted.status()).toBe(200);
  const { convertedImage } = (await converted.json()) as { convertedImage: string };
  const file = await request.get(convertedImage);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
});

// playwright.config.ts runs this production build with BILLING_SANDBOX=true and no Stripe keys.
test("with the payment sandbox on in production, every page says payments are not real", async ({ page }) => {
  for (const path of ["/", "/subscription", "/file-conversion"]) {
    await page.goto(path);
    await expect(page.getByTestId("sandbox-notice")).toHaveText(/payments here are not real/);
  }
});

test("a session cookie with broken percent-encoding is treated as signed out, on pages and API calls", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "pictura.session-token", value: "%E0%A4%A", url: baseURL! }]);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toBeNull();
});

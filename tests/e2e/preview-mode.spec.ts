// A preview of a change, run from the ordinary build with preview mode switched on only when the
// server starts (as the container image is): labelled in every language in the first paint, never
// indexed, canonical links on the production site; and, behind PREVIEW_PASSWORD on a platform's plain
// `next start`, a form before any page. The browser tests' own server, outside preview mode, has none
// of it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { locales } from "../../lib/i18n/locales";
import { localizedPath } from "../../lib/i18n/pages";
import { startAppServer, type AppServer } from "./app-server";
import { watchElementShifts } from "./helpers";

const PRODUCTION_URL = "https://pictura.example";
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 3176);
const GATED_PORT = Number(process.env.E2E_PREVIEW_GATED_PORT ?? 3179);
const PASSWORD = "reviewers only";
let preview: AppServer;
let gated: AppServer;

function banner(locale: string, name: string | null): string {
  const messages = JSON.parse(readFileSync(path.join(__dirname, "../../messages", `${locale}.json`), "utf8")) as { PreviewBanner: Record<string, string> };
  return name ? messages.PreviewBanner.named!.replace("{name}", name) : messages.PreviewBanner.unnamed!;
}

test.describe.configure({ mode: "serial" });

// One after the other, so a server that fails to start never leaves the other running.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  preview = await startAppServer({
    port: PREVIEW_PORT,
    env: { APP_ENV: "preview", PREVIEW_NAME: "feature-x", PRODUCTION_URL, APP_URL: `http://127.0.0.1:${PREVIEW_PORT}`, BILLING_SANDBOX: undefined },
  });
  gated = await startAppServer({
    port: GATED_PORT,
    command: "next",
    env: {
      APP_ENV: "preview",
      PREVIEW_NAME: "",
      PREVIEW_PASSWORD: PASSWORD,
      APP_URL: `http://127.0.0.1:${GATED_PORT}`,
      CLIENT_IP_SOURCE: "fly",
      BILLING_SANDBOX: undefined,
    },
  });
});

test.afterAll(async () => {
  await Promise.all([preview?.stop(), gated?.stop()]);
});

test("labels every page in its own language, in the first paint, with one banner", async ({ page, request }) => {
  for (const locale of locales) {
    const address = `${preview.origin}${localizedPath(locale, "/")}`;
    const html = await (await request.get(address)).text();
    // Server-rendered before the header: no script brings it in later.
    expect(html.indexOf('data-testid="preview-banner"'), locale).toBeGreaterThan(0);
    expect(html.indexOf('data-testid="preview-banner"'), locale).toBeLessThan(html.indexOf("<header"));
    await page.goto(address);
    await expect(page.getByRole("status").filter({ hasText: banner(locale, "feature-x") })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toHaveCount(1);
    // Payments run in the sandbox, and the banner already says so: no second notice.
    await expect(page.getByTestId("sandbox-notice")).toHaveCount(0);
  }
});

interface Placement {
  top: number;
  height: number;
  width: number;
}

/**
 * Where the banner is drawn in every animation frame from the first one that shows the top of the page
 * (the banner or the header below it), as the distinct placements in order: null for a frame drawn
 * without it. The banner alone: a slow phone also draws the rest of a page while its HTML is still being
 * read, and what that moves is not the banner's doing.
 */
async function watchBannerPlacement(page: Page): Promise<() => Promise<Array<Placement | null>>> {
  await page.addInitScript(() => {
    const placements: Array<Placement | null> = [];
    Object.assign(window, { bannerPlacements: placements });
    const frame = () => {
      const banner = document.querySelector('[data-testid="preview-banner"]');
      if (banner || document.querySelector("header")) {
        const box = banner?.getBoundingClientRect();
        const placement = box ? { top: box.top + window.scrollY, height: box.height, width: box.width } : null;
        if (JSON.stringify(placement) !== JSON.stringify(placements.at(-1))) placements.push(placement);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () => page.evaluate(() => (window as unknown as { bannerPlacements: Array<Placement | null> }).bannerPlacements);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test("the banner is in the first paint, in its place, and moves nothing on /", async ({ page }) => {
    const placements = await watchBannerPlacement(page);
    const bannerShifts = await watchElementShifts(page, '[data-testid="preview-banner"]');
    await page.goto(`${preview.origin}/`);
    await expect(page.getByTestId("welcome-dialog")).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toBeInViewport();
    // Drawn at the top at its full height from the first frame, so the header below never moves down.
    expect(await placements()).toEqual([{ top: 0, height: 40, width: 412 }]);
    expect(await bannerShifts()).toBe(0);
  });
});

test("is never indexed: noindex on pages, calls and files, robots.txt closed, no sitemap, canonical links on production", async ({ request }) => {
  for (const address of ["/", "/es/gallery", "/api/health", "/api/billing/mode", "/robots.txt", "/icon.svg"]) {
    expect((await request.get(`${preview.origin}${address}`)).headers()["x-robots-tag"], address).toBe("noindex, nofollow");
  }
  expect(await (await request.get(`${preview.origin}/robots.txt`)).text()).toMatch(/User-Agent: \*\nDisallow: \/\n/);
  expect((await request.get(`${preview.origin}/sitemap.xml`)).status()).toBe(404);
  const html = await (await request.get(`${preview.origin}/es/gallery`)).text();
  expect(html).toContain(`<link rel="canonical" href="${PRODUCTION_URL}/es/gallery"/>`);
  expect(html).toContain(`<link rel="alternate" hrefLang="ja" href="${PRODUCTION_URL}/ja/gallery"/>`);
});

test("behind PREVIEW_PASSWORD on a plain next start: the form first, in the page's language, then the page", async ({ page, request }) => {
  const refused = await request.get(`${gated.origin}/api/billing/mode`);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: "preview_password_required" });
  expect(refused.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  await page.goto(`${gated.origin}/es/gallery`);
  expect(page.url()).toBe(`${gated.origin}/es/gallery`);
  await expect(page.getByTestId("preview-banner")).toHaveText(banner("es", null));
  const password = page.getByLabel("Contraseña de la vista previa");
  await password.fill("guess");
  await password.press("Enter");
  // (Next's route announcer is an empty alert of its own.)
  await expect(page.getByRole("alert").filter({ hasText: "La contraseña no es correcta. Inténtalo de nuevo." })).toBeVisible();
  await page.getByLabel("Contraseña de la vista previa").fill(PASSWORD);
  await page.getByRole("button", { name: "Abrir la vista previa" }).click();
  await expect(page).toHaveURL(`${gated.origin}/es/gallery`);
  // A cache between the preview and its visitors must not hand the page to someone without the cookie.
  const cookies = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
  expect((await request.get(`${gated.origin}/es`, { headers: { cookie: cookies } })).headers()["cache-control"]).toBe("private, no-cache");
  await expect(page.getByLabel("Contraseña de la vista previa")).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "pictura.preview-access");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(cookie?.value).not.toContain("reviewers");
  expect((await page.request.get(`${gated.origin}/api/billing/mode`)).status()).toBe(200);
});

test("outside preview mode: indexable, no banner, no password", async ({ page, request }) => {
  const home = await request.get("/");
  expect(home.headers()["x-robots-tag"]).toBeUndefined();
  expect(await (await request.get("/robots.txt")).text()).toContain("Allow: /");
  expect((await request.get("/sitemap.xml")).status()).toBe(200);
  await page.goto("/es/gallery");
  await expect(page.getByTestId("preview-banner")).toHaveCount(0);
  expect((await request.get("/api/billing/mode")).status()).toBe(200);
});

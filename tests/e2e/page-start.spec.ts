import { expect, test } from "@playwright/test";
import { watchLayoutShifts } from "./helpers";

// How pages start for a first-time visitor on a phone: the first paint is the whole first screen, in
// place, and nothing is fetched for pages the visitor has not reached for.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test("the header is part of the first paint, so the page below it never moves down", async ({ page, request }) => {
  for (const path of ["/", "/auth", "/background-removal", "/ja/subscription"]) {
    const html = await (await request.get(path)).text();
    const header = html.indexOf("<header");
    // A part that streams in after the first paint arrives in a hidden block revealed by a script.
    expect(html, path).not.toMatch(/<template id="B:/);
    expect(header, path).toBeGreaterThan(0);
    expect(header, path).toBeLessThan(html.indexOf("<main"));
  }

  const layoutShift = await watchLayoutShifts(page);
  await page.goto("/");
  await expect(page.getByTestId("welcome-dialog")).toBeVisible();
  expect(await layoutShift()).toBeLessThan(0.05);
});

test("the welcome dialog's focus fetches no page; a finger on its link does", async ({ page }) => {
  const pageFetches: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.has("_rsc")) pageFetches.push(request.url());
  });
  await page.goto("/");
  const welcome = page.getByTestId("welcome-dialog");
  const trial = welcome.getByRole("link", { name: "Start Free Trial" });
  await expect(trial).toBeFocused();
  await page.waitForLoadState("networkidle");
  expect(pageFetches).toEqual([]);

  await trial.dispatchEvent("touchstart");
  await expect.poll(() => pageFetches.some((url) => new URL(url).pathname === "/auth")).toBe(true);
});

test("the scripts a page runs at start-up are marked to compile off the main thread; scripts loaded later are not", async ({ page, request }) => {
  const startup = new Set<string>();
  for (const path of ["/", "/auth", "/gallery", "/ja/background-removal"]) {
    const html = await (await request.get(path)).text();
    for (const [tag, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) if (!/noModule/i.test(tag)) startup.add(src!);
  }
  expect(startup.size).toBeGreaterThan(5);
  for (const src of startup) expect((await (await request.get(src)).text()).startsWith("//# allFunctionsCalledOnLoad\n"), src).toBe(true);

  // The language menu's code loads when the menu is first opened, after the page has started.
  const later: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith(".js") && !startup.has(pathname)) later.push(pathname);
  });
  await page.goto("/auth");
  await page.waitForLoadState("networkidle");
  expect(later).toEqual([]);
  await page.getByRole("button", { name: "Language" }).click();
  await expect(page.getByRole("menuitem", { name: "Español" })).toBeVisible();
  expect(later.length).toBeGreaterThan(0);
  for (const src of later) expect((await (await request.get(src)).text()).startsWith("//# allFunctionsCalledOnLoad"), src).toBe(false);
});

test("pages start without building a number format (a phone's first one takes about 100 ms of the start-up task)", async ({ page }) => {
  await page.addInitScript(() => {
    const built: string[] = [];
    Object.defineProperty(window, "__numberFormats", { value: built });
    const record = (what: string) => built.push(`${what} at ${new Error().stack?.split("\n")[3]?.trim() ?? "?"}`);
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args, newTarget) {
        record("new Intl.NumberFormat");
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply(target, self, args) {
        record("Intl.NumberFormat()");
        return Reflect.apply(target, self, args) as Intl.NumberFormat;
      },
    });
    const toLocaleString = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof toLocaleString>) {
      record("toLocaleString");
      return toLocaleString.apply(this, args);
    };
  });
  for (const path of ["/", "/gallery", "/de/upscale", "/ja/auth"]) {
    await page.goto(path);
    // React has hydrated the page: it adds Next's route announcer when it does.
    await expect(page.locator("next-route-announcer")).toBeAttached();
    await expect(page.getByTestId("credits-left").first()).toHaveAttribute("data-count", "0");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __numberFormats: string[] }).__numberFormats), path).toEqual([]);
  }
});

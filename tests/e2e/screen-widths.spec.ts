// Every page fits every screen from a 320 px phone to a 768 px tablet, in every language, signed in or
// out: the page never scrolls sideways, nothing on it reaches past the screen's right edge, and the
// header keeps its menu button (and its sign-in or upgrade button) on screen, with menus that open
// with every item in reach. For speed, one browser page per visitor goes through every address, each
// loaded once and resized through the widths (a resize lays a page out as a load at that width
// would), and within a language it moves on as the app's own links do, without reloading the app.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import ja from "../../messages/ja.json";
import zh from "../../messages/zh.json";
import { languages, locales, type Locale } from "../../lib/i18n/locales";
import { LOCALIZED_PAGES, localizedPath } from "../../lib/i18n/pages";
import { newAccount } from "./helpers";

const MESSAGES: Record<Locale, typeof en> = { en, es, fr, de, zh, ja };

/** Small and common phones, then a tablet held upright. */
const SCREENS = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;

/**
 * Every page of the app, by its internal path (each is visited at its address in each language), in
 * an order where no page follows another of the same route: a page keeps its state across a
 * navigation to itself, so /auth?mode=signup straight after /auth would still show the sign-in form.
 */
const PAGES = [
  "/",
  "/auth",
  "/editor",
  "/auth?mode=signup",
  "/editor/no-such-project",
  "/auth/reset",
  "/auth/verify",
  "/subscription",
  "/gallery",
  "/account",
  "/developers",
  ...Object.keys(LOCALIZED_PAGES),
  "/privacy",
  "/terms",
  "/contact",
  "/no-such-page",
];
/**
 * The pages a signed-in visitor sees otherwise than a guest: the header (tried on each of these) and
 * whatever the page shows of the account. The sign-in page sends a signed-in visitor on (to the
 * editor); the legal pages, the reset form and the not-found pages read the same to everyone.
 */
const SAME_FOR_EVERYONE = ["/auth/reset", "/editor/no-such-project", "/terms", "/contact", "/no-such-page"];
const SIGNED_IN_PAGES = PAGES.filter((path) => path !== "/auth" && !path.startsWith("/auth?") && !SAME_FOR_EVERYONE.includes(path));
/** The pages a paid plan changes (the header does not change with the plan). */
const PLAN_PAGES = ["/account", "/subscription"];
/** Where the header's menus are tried: a page with no dialog of its own over the header. */
const HEADER_PAGE = "/privacy";

type Visitor = "signed out" | "signed in on the trial" | "signed in on Pro";

// The visitor states run side by side, one per worker.
test.describe.configure({ mode: "parallel" });

test("every page fits every phone and tablet width in every language, signed out", async ({ browser }) => {
  test.setTimeout(180_000);
  await checkPages(browser, "signed out", PAGES, undefined);
});

test("every page fits every phone and tablet width in every language, signed in on the trial", async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  await checkPages(browser, "signed in on the trial", SIGNED_IN_PAGES, await signedInState(request, baseURL!, "trial"));
});

test("the plan and account pages fit every width in every language on a paid plan", async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  await checkPages(browser, "signed in on Pro", PLAN_PAGES, await signedInState(request, baseURL!, "pro"));
});

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** A new account's session cookies, on the trial or (paid through the payment sandbox) on Pro. */
async function signedInState(request: APIRequestContext, baseURL: string, plan: "trial" | "pro"): Promise<StorageState> {
  const headers = { origin: new URL(baseURL).origin };
  expect((await request.post("/api/auth/register", { data: newAccount(), headers })).status()).toBe(201);
  if (plan === "pro") {
    const started = await request.post("/api/create-subscription", { data: { tier: "pro" }, headers });
    expect(started.status()).toBe(200);
    const { clientSecret } = (await started.json()) as { clientSecret: string };
    const card = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
    expect((await request.post("/api/billing/sandbox/confirm", { data: { clientSecret, card }, headers })).status()).toBe(200);
  }
  return request.storageState();
}

async function checkPages(browser: Browser, visitor: Visitor, paths: string[], storageState: StorageState | undefined) {
  const context = await browser.newContext({ storageState, viewport: SCREENS[0] });
  // The first-visit welcome dialog covers the editor until closed: the pages themselves are measured.
  await context.addInitScript(() => localStorage.setItem("hasSeenWelcome", "true"));
  const page = await context.newPage();
  const problems: string[] = [];
  for (const locale of locales) {
    const header = headerOf(locale, visitor);
    for (const [index, path] of paths.entries()) {
      const address = localizedPath(locale, path);
      // Every other page is measured from the widest screen down, saving a resize.
      const screens = index % 2 === 0 ? SCREENS : [...SCREENS].reverse();
      await page.setViewportSize(screens[0]);
      await open(page, address, index === 0);
      await page.waitForFunction(settled, header);
      for (const screen of screens) {
        await page.setViewportSize(screen);
        const found = await page.evaluate(measureOverflow, header);
        if (found.pageWidth > screen.width || found.outside.length > 0 || found.headerOff.length > 0) {
          problems.push(
            `${decodeURI(address)} at ${screen.width} px: the page is ${found.pageWidth} px wide` +
              [...found.headerOff, ...found.outside].map((line) => `\n    ${line}`).join(""),
          );
        }
      }
      if (path === HEADER_PAGE) {
        for (const screen of SCREENS) problems.push(...(await checkMenus(page, locale, visitor, screen)));
      }
    }
  }
  await context.close();
  expect(problems.length, `${visitor}: ${problems.length} wider than the screen or out of reach:\n${problems.join("\n")}`).toBe(0);
}

/** What the header shows in a language: the words that name its menu, language and action buttons. */
function headerOf(locale: Locale, visitor: Visitor) {
  const { Header } = MESSAGES[locale];
  return { menu: Header.menu, language: `${Header.language}: `, action: visitor === "signed out" ? Header.login : Header.upgrade };
}
type HeaderWords = ReturnType<typeof headerOf>;

/**
 * Goes to an address: the first of each language by loading it, the next ones as the app's links do,
 * through Next's client router (window.next.router): the same page, in a fraction of a load's time.
 * It has arrived once the address has changed (Next changes it when the new page is in place); a
 * redirect, such as a signed-out /account to sign-in, lands where it leads.
 */
async function open(page: Page, address: string, load: boolean) {
  if (load) {
    await page.goto(address, { waitUntil: "domcontentloaded" });
    return;
  }
  const from = await page.evaluate((to) => {
    const href = location.href;
    (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(to);
    return href;
  }, address);
  await page.waitForFunction((previous) => location.href !== previous, from);
}

/**
 * In the page: whether it is ready to measure. The header knows who is signed in (its Login button
 * holds its place unseen until then), what the page loads has arrived (no spinner) and its fonts are in.
 */
function settled(words: HeaderWords): boolean {
  const action = [...document.querySelectorAll("header a, header button")].find((element) => element.textContent?.trim() === words.action);
  return (
    Boolean(action && getComputedStyle(action).visibility === "visible") &&
    !document.querySelector('[data-slot="spinner"]') &&
    document.fonts.status === "loaded"
  );
}

/**
 * In the page: the document's width, every visible element or text that reaches past the screen's
 * right edge, and the header's buttons that are not wholly on screen. Overflow a scroll or clip box
 * holds (a code block that scrolls, text cut with an ellipsis) stays inside it; the page itself (html,
 * body) cannot hide anything that way. Each is named by the nearest control, text or landmark holding it.
 */
function measureOverflow(words: HeaderWords) {
  const screenRight = window.innerWidth;
  const text = document.createRange();
  const outside: Element[] = [];
  // Returns whether the element or something inside it sticks out; only the innermost are kept.
  const visit = (element: Element, clipRight: number): boolean => {
    const style = getComputedStyle(element);
    if (style.display === "none") return false;
    const box = element.getBoundingClientRect();
    const clips = style.overflowX !== "visible" && element !== document.body && element !== document.documentElement;
    const innerClip = clips ? Math.min(clipRight, box.right) : clipRight;
    const shown = style.visibility !== "hidden";
    let inner = false;
    let ownText = false;
    for (const child of element.childNodes) {
      if (child.nodeType === Node.ELEMENT_NODE) inner = visit(child as Element, innerClip) || inner;
      else if (shown && child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
        text.selectNodeContents(child);
        const run = text.getBoundingClientRect();
        ownText ||= run.left < innerClip && Math.min(run.right, innerClip) > screenRight + 0.5;
      }
    }
    const sticksOut = ownText || (shown && box.width > 0 && box.height > 0 && box.left < clipRight && Math.min(box.right, clipRight) > screenRight + 0.5);
    if (sticksOut && !inner) outside.push(element);
    return sticksOut || inner;
  };
  visit(document.body, Infinity);

  const describe = (element: Element, right: number) => {
    const tag = element.tagName.toLowerCase();
    const testId = element.getAttribute("data-testid");
    const label = element.getAttribute("aria-label");
    const words = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    const landmark = element.closest("header, main, nav, footer, [role=dialog], [role=menu]")?.tagName.toLowerCase() ?? "page";
    return `${landmark} › ${tag}${testId ? `[data-testid=${testId}]` : ""}${label ? `[aria-label="${label}"]` : ""}${words ? ` "${words}"` : ""} ends at ${right} px`;
  };
  const named = new Map<Element, number>();
  for (const element of outside) {
    const holder = element.closest("a, button, input, select, textarea, label, code, pre, [role], h1, h2, h3, h4, p, li, td, th") ?? element;
    named.set(
      holder,
      Math.max(named.get(holder) ?? 0, Math.round(Math.max(element.getBoundingClientRect().right, element.scrollWidth + element.getBoundingClientRect().left))),
    );
  }

  // The header's menu, language and sign-in (or upgrade) buttons, each wholly on screen.
  const controls = [...document.querySelectorAll("header a, header button")];
  const headerOff = [
    { name: words.menu, element: controls.find((element) => element.getAttribute("aria-label") === words.menu) },
    { name: words.language.trim(), element: controls.find((element) => element.textContent?.startsWith(words.language)) },
    { name: words.action, element: controls.find((element) => element.textContent?.trim() === words.action) },
  ].flatMap(({ name, element }) => {
    const box = element?.getBoundingClientRect();
    if (box && box.width > 0 && box.left >= 0 && box.right <= screenRight + 0.5) return [];
    return [`the header's "${name}" button is ${box ? `at ${Math.round(box.left)}–${Math.round(box.right)} px` : "missing"}, not on screen`];
  });
  return {
    pageWidth: document.documentElement.scrollWidth,
    outside: [...named].slice(0, 12).map(([element, right]) => describe(element, right)),
    headerOff,
  };
}

/** The header's two menus open with every item on screen (scrolled to within the menu if need be). */
async function checkMenus(page: Page, locale: Locale, visitor: Visitor, screen: (typeof SCREENS)[number]): Promise<string[]> {
  await page.setViewportSize(screen);
  await page.evaluate(() => window.scrollTo(0, 0));
  const { Header } = MESSAGES[locale];
  const header = page.getByRole("banner");
  const menus = [
    {
      button: header.getByRole("button", { name: Header.menu, exact: true }),
      name: Header.menu,
      items: [
        Header.gallery,
        Header.account,
        ...(visitor === "signed out" ? [Header.upgrade] : []),
        Header.privacy,
        Header.terms,
        Header.contact,
        Header.developers,
        ...(visitor === "signed out" ? [] : [Header.logout]),
      ],
    },
    {
      button: header.getByRole("button", { name: new RegExp(`^${Header.language}`) }),
      name: Header.language,
      items: languages.map((language) => language.name),
    },
  ];
  const problems: string[] = [];
  for (const menu of menus) {
    await menu.button.click();
    const opened = page.getByRole("menu");
    await expect(opened).toBeVisible();
    // The menu is placed beside its button a frame or more after it appears (Radix measures both
    // first), later still on a busy machine: its items are read once their place has held still.
    const items = await settledMenuItems(opened);
    expect(items.map((item) => item.text)).toEqual(menu.items.map((name) => expect.stringContaining(name)));
    for (const item of items.filter((item) => !item.onScreen))
      problems.push(`${locale} at ${screen.width} px: the "${menu.name}" menu's "${item.text}" is not on screen`);
    await page.keyboard.press("Escape");
    await expect(opened).toBeHidden();
  }
  return problems;
}

/**
 * The open menu's items and whether each is on screen, read once Radix has placed the menu (until
 * then it waits above the screen, at translate(0, -200%)) and two readings in a row agree.
 */
async function settledMenuItems(opened: Locator) {
  let previous = "";
  for (let reading = 0; ; reading += 1) {
    const placed = await opened.evaluate(
      (element) => (element.closest("[data-radix-popper-content-wrapper]") as HTMLElement | null)?.style.transform !== "translate(0, -200%)",
    );
    const items = placed ? await readMenuItems(opened) : [];
    const now = JSON.stringify(items);
    if ((placed && now === previous) || reading === 50) return items;
    previous = now;
    await opened.page().waitForTimeout(100);
  }
}

function readMenuItems(opened: Locator) {
  return opened.evaluate((element) =>
    [...element.querySelectorAll("[role=menuitem]")].map((item) => {
      // Across as it opens; down, once scrolled to (a long menu scrolls within itself).
      const across = item.getBoundingClientRect();
      item.scrollIntoView({ block: "nearest" });
      const down = item.getBoundingClientRect();
      const onScreen =
        across.width > 0 && across.left >= 0 && across.right <= window.innerWidth + 0.5 && down.top >= 0 && down.bottom <= window.innerHeight + 0.5;
      return { text: item.textContent ?? "", onScreen, left: Math.round(across.left), top: Math.round(down.top) };
    }),
  );
}

// The built site read as a search engine reads it: from the sitemap, every page in every language, as
// the HTML its address answers with, without running its JavaScript. Each has a title and a
// description of its own and not too long to show whole, a canonical link to itself, a complete and
// reciprocal hreflang set (x-default too), Open Graph and Twitter card tags whose image is a 1200×630
// PNG, and schema.org data that parses.
import { expect, test } from "@playwright/test";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import { inLanes } from "../setup/in-lanes";

const LANGUAGES = ["en", "es", "fr", "de", "zh", "ja"];
const HREFLANGS = [...LANGUAGES, "x-default"].sort();

interface SitemapEntry {
  url: string;
  lastModified: string | undefined;
  alternates: Record<string, string>;
}

/** Addresses compared as a crawler does: percent-encoding and its case do not make two addresses. */
const same = (url: string) => decodeURI(new URL(url).href);

function parseSitemap(xml: string): SitemapEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    url: /<loc>(.*?)<\/loc>/.exec(body!)![1]!,
    lastModified: /<lastmod>(.*?)<\/lastmod>/.exec(body!)?.[1],
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang!, href!]),
    ),
  }));
}

interface PageFacts {
  status: number;
  redirected: boolean;
  lang: string | null;
  title: string;
  description: string | null;
  canonical: string | null;
  hreflang: Record<string, string>;
  og: Record<string, string>;
  twitterCard: string | null;
  jsonLd: Array<Record<string, unknown>>;
}

type Element = DefaultTreeAdapterTypes.Element;

/** Every element of the document, in document order. */
function elementsOf(node: DefaultTreeAdapterTypes.ParentNode): Element[] {
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    found.push(child, ...elementsOf(child));
  }
  return found;
}

const attribute = (element: Element | undefined, name: string) => element?.attrs.find((attr) => attr.name === name)?.value ?? null;
const textOf = (element: Element) => element.childNodes.map((child) => ("value" in child ? child.value : "")).join("");

/**
 * A page as a crawler's first pass reads it: the HTML of one request, with no cookies, no redirect
 * followed and nothing run, loaded or laid out.
 */
async function read(url: string): Promise<PageFacts> {
  const response = await fetch(url, { redirect: "manual", headers: { accept: "text/html" } });
  const elements = elementsOf(parse(await response.text()));
  const all = (tag: string, where: (element: Element) => boolean = () => true) => elements.filter((element) => element.tagName === tag && where(element));
  const meta = (key: "name" | "property", value: string) => attribute(all("meta", (element) => attribute(element, key) === value)[0], "content");
  return {
    status: response.status,
    redirected: response.status >= 300 && response.status < 400,
    lang: attribute(all("html")[0], "lang"),
    title: all("title").map(textOf)[0] ?? "",
    description: meta("name", "description"),
    canonical: attribute(all("link", (element) => attribute(element, "rel") === "canonical")[0], "href"),
    hreflang: Object.fromEntries(
      all("link", (element) => attribute(element, "rel") === "alternate" && attribute(element, "hreflang") !== null).map((element) => [
        attribute(element, "hreflang")!,
        attribute(element, "href")!,
      ]),
    ),
    og: Object.fromEntries(
      all("meta", (element) => attribute(element, "property")?.startsWith("og:") ?? false).map((element) => [
        attribute(element, "property")!,
        attribute(element, "content")!,
      ]),
    ),
    twitterCard: meta("name", "twitter:card"),
    jsonLd: all("script", (element) => attribute(element, "type") === "application/ld+json").map(
      (element) => JSON.parse(textOf(element)) as Record<string, unknown>,
    ),
  };
}

/** Requests in flight at once, as a polite crawler keeps them. */
const READERS = 4;

/** A PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function checkImage(url: string) {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type"), url).toBe("image/png");
  expect(pngSize(Buffer.from(await response.arrayBuffer())), url).toEqual({ width: 1200, height: 630 });
}

/** Tool pages carry WebApplication, BreadcrumbList and FAQPage; the home page WebApplication; others may carry none. */
function checkStructuredData(url: string, items: Array<Record<string, unknown>>, isTool: boolean, canonical: string) {
  for (const item of items) expect(item["@context"], url).toBe("https://schema.org");
  const byType = (type: string) => items.find((item) => item["@type"] === type);
  const isHome = /^\/(?:[a-z]{2})?$/.test(new URL(canonical).pathname);
  if (!isTool && !isHome && !items.length) return;
  const app = byType("WebApplication");
  expect(app, `${url} WebApplication`).toBeDefined();
  expect(app).toMatchObject({
    name: expect.any(String),
    url: expect.any(String),
    applicationCategory: expect.any(String),
    operatingSystem: expect.any(String),
  });
  const offers = app!.offers as Array<Record<string, unknown>>;
  expect(offers.length, `${url} offers`).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer["@type"]).toBe("Offer");
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
  }
  if (!isTool) return;
  const breadcrumbs = byType("BreadcrumbList")?.itemListElement as Array<Record<string, unknown>> | undefined;
  expect(
    breadcrumbs?.map((item) => item.position),
    `${url} breadcrumbs`,
  ).toEqual([1, 2]);
  expect(same(breadcrumbs![1]!.item as string)).toBe(same(canonical));
  const questions = byType("FAQPage")?.mainEntity as Array<{ "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }> | undefined;
  expect(questions?.length ?? 0, `${url} FAQPage`).toBeGreaterThanOrEqual(4);
  for (const question of questions!) {
    expect(question).toMatchObject({
      "@type": "Question",
      name: expect.stringMatching(/\S/),
      acceptedAnswer: { "@type": "Answer", text: expect.stringMatching(/\S/) },
    });
  }
}

test("every page in every language reads right to a search engine", async ({ baseURL }) => {
  test.setTimeout(300_000);
  const sitemap = await fetch(new URL("/sitemap.xml", baseURL));
  expect(sitemap.status).toBe(200);
  const entries = parseSitemap(await sitemap.text());
  expect(entries.length).toBeGreaterThanOrEqual(13 * LANGUAGES.length);
  const urls = entries.map((entry) => entry.url);
  const pages = await inLanes(urls, READERS, read);
  const factsOf = new Map(urls.map((url, index) => [url, pages[index]!]));
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const images = new Set<string>();
  const hreflangOf = new Map<string, Record<string, string>>();

  for (const entry of entries) {
    const { url } = entry;
    expect(entry.lastModified, url).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(Object.keys(entry.alternates).sort(), url).toEqual(HREFLANGS);
    const facts = factsOf.get(url)!;
    expect([url, facts.status, facts.redirected]).toEqual([url, 200, false]);
    const language = Object.entries(entry.alternates).find(([lang, href]) => lang !== "x-default" && same(href) === same(url))?.[0];
    expect(facts.lang, url).toBe(language);

    expect(facts.title.length, `${url} title "${facts.title}"`).toBeLessThanOrEqual(60);
    expect(facts.description, url).toBeTruthy();
    expect(facts.description!.length, `${url} description`).toBeLessThanOrEqual(155);
    expect(facts.description, `${url} shows a message key`).not.toMatch(/^[A-Z][A-Za-z]+\.[\w.]+$/);
    expect(titles.get(facts.title), `${url} repeats the title of`).toBeUndefined();
    expect(descriptions.get(facts.description!), `${url} repeats the description of`).toBeUndefined();
    titles.set(facts.title, url);
    descriptions.set(facts.description!, url);

    expect(same(facts.canonical ?? ""), `${url} canonical`).toBe(same(url));
    expect(Object.keys(facts.hreflang).sort(), `${url} hreflang`).toEqual(HREFLANGS);
    expect(Object.fromEntries(Object.entries(facts.hreflang).map(([lang, href]) => [lang, same(href)])), `${url} hreflang against the sitemap`).toEqual(
      Object.fromEntries(Object.entries(entry.alternates).map(([lang, href]) => [lang, same(href)])),
    );
    hreflangOf.set(same(url), facts.hreflang);

    expect(facts.og["og:title"], url).toBeTruthy();
    expect(facts.og["og:description"], url).toBe(facts.description);
    expect(same(facts.og["og:url"] ?? ""), url).toBe(same(url));
    expect(facts.og["og:image"], url).toBeTruthy();
    expect(facts.twitterCard, url).toBe("summary_large_image");
    images.add(facts.og["og:image"]!);

    // A tool's page is named in the messages by its English path in camelCase ("/upscale" is Landing.tools.upscale).
    const toolKey = new URL(entry.alternates.en!).pathname.slice(1).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    const isTool = toolKey in en.Landing.tools;
    checkStructuredData(url, facts.jsonLd, isTool, facts.canonical!);
  }

  // Reciprocal: every page a page names as its translation names it back, with the same set.
  for (const [url, links] of hreflangOf) {
    for (const href of Object.values(links)) {
      const back = hreflangOf.get(same(href));
      expect(back, `${url} names ${href}, which is not in the sitemap`).toBeDefined();
      expect(Object.values(back!).map(same).sort()).toEqual(Object.values(links).map(same).sort());
    }
  }
  // A share image per tool and language, and one for the other pages.
  expect(images.size).toBeGreaterThanOrEqual(7 * LANGUAGES.length + LANGUAGES.length);
  await inLanes([...images], READERS, checkImage);
});

test("a Spanish searcher's address works, and the English one moves to it", async ({ page, request }) => {
  const moved = await request.get("/es/background-removal", { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(new URL(moved.headers().location!, "http://localhost").pathname).toBe("/es/quitar-fondo");

  const response = await page.goto("/es/quitar-fondo");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(`${es.Landing.tools.backgroundRemoval.title} · Pictura`);
  await expect(page.getByRole("heading", { level: 1, name: es.Pages.backgroundRemovalTitle })).toBeVisible();
  await expect(page.getByRole("heading", { name: es.Landing.howTitle })).toBeVisible();
  await expect(page.getByText(en.Landing.howTitle, { exact: true })).toHaveCount(0);

  const sitemap = parseSitemap(await (await request.get("/sitemap.xml")).text());
  const entry = sitemap.find((candidate) => new URL(candidate.url).pathname === "/es/quitar-fondo");
  expect(entry?.alternates).toMatchObject({
    es: entry!.url,
    de: expect.stringMatching(/\/de\/hintergrund-entfernen$/),
    "x-default": expect.stringMatching(/\/background-removal$/),
  });
});

test("the language menu keeps the page, in the new language's words", async ({ page }) => {
  await page.goto("/background-removal");
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/de\/hintergrund-entfernen$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("the tool comes first on a phone, the words below it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto("/fr/supprimer-arriere-plan");
  const tool = await page.getByRole("heading", { level: 1 }).boundingBox();
  const words = await page.getByRole("heading", { name: "Comment ça marche" }).boundingBox();
  expect(tool!.y).toBeLessThan(words!.y);
  expect(words!.y).toBeGreaterThan(844 / 2);
  await context.close();
});

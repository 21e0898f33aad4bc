/**
 * @jest-environment node
 */
// Each page's address in each language: links, hreflang, the sitemap and the proxy agree on it, a
// page asked for by another language's words moves there for good (308), and non-ASCII slugs travel
// percent-encoded.
import { NextRequest } from "next/server";
import sitemap from "@/app/sitemap";
import { locales } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { alternates } from "@/lib/i18n/metadata";
import { LOCALIZED_PAGES, pageOfSlug } from "@/lib/i18n/pages";
import proxy from "@/proxy";

const visit = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

describe("localized slugs", () => {
  it("gives each page one slug per language, none shared by two pages of a language", () => {
    for (const locale of locales) {
      const slugs = Object.values(LOCALIZED_PAGES).map((page) => page[locale]);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it("writes a page's path in each language's words, encoded where it is not ASCII", () => {
    expect(localizedPath("es", "/background-removal")).toBe("/es/quitar-fondo");
    expect(localizedPath("de", "/background-removal")).toBe("/de/hintergrund-entfernen");
    expect(localizedPath("fr", "/background-removal?from=mail")).toBe("/fr/supprimer-arriere-plan?from=mail");
    expect(localizedPath("en", "/background-removal")).toBe("/background-removal");
    expect(localizedPath("ja", "/background-removal")).toBe(`/ja/${encodeURIComponent("背景削除")}`);
    expect(localizedPath("es", "/gallery")).toBe("/es/gallery");
  });

  it("knows a page by any language's slug, encoded or not, and says whether it is this language's", () => {
    expect(pageOfSlug("es", "/quitar-fondo")).toEqual({ internalPath: "/background-removal", isLocaleSlug: true });
    expect(pageOfSlug("es", "/background-removal")).toEqual({ internalPath: "/background-removal", isLocaleSlug: false });
    expect(pageOfSlug("zh", `/${encodeURIComponent("抠图")}`)).toEqual({ internalPath: "/background-removal", isLocaleSlug: true });
    expect(pageOfSlug("de", "/gallery")).toBeUndefined();
  });

  it("names every language's own address in hreflang and canonical links", () => {
    const links = alternates("es", "/upscale");
    expect(links?.canonical).toBe("http://localhost:3000/es/mejorar-resolucion");
    expect(links?.languages).toMatchObject({
      en: "http://localhost:3000/upscale",
      de: "http://localhost:3000/de/bild-hochskalieren",
      "x-default": "http://localhost:3000/upscale",
    });
  });
});

describe("the proxy", () => {
  it("moves the English slug in another language to that language's own (308)", () => {
    const response = visit("/es/background-removal?image=1");
    expect(response.status).toBe(308);
    expect(new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search).toBe("/es/quitar-fondo?image=1");
  });

  it("moves another language's slug, and a translated slug on the English site, to the right one", () => {
    expect(new URL(visit("/de/quitar-fondo").headers.get("location")!).pathname).toBe("/de/hintergrund-entfernen");
    expect(new URL(visit("/quitar-fondo").headers.get("location")!).pathname).toBe("/background-removal");
    expect(visit("/de/quitar-fondo").status).toBe(308);
  });

  it("serves a language's own slug, ASCII or not, from the page's route", () => {
    for (const path of ["/es/quitar-fondo", `/ja/${encodeURIComponent("背景削除")}`, "/background-removal"]) {
      const response = visit(path);
      expect(response.headers.get("location")).toBeNull();
      const rewrite = response.headers.get("x-middleware-rewrite");
      expect(rewrite && new URL(rewrite).pathname).toMatch(/^\/(es|ja|en)\/background-removal$/);
    }
  });

  it("sends a visitor to the language they chose with the page's slug in that language", () => {
    const response = proxy(new NextRequest("http://localhost:3000/background-removal", { headers: { cookie: "NEXT_LOCALE=fr" } }));
    expect(new URL(response.headers.get("location")!).pathname).toBe("/fr/supprimer-arriere-plan");
  });

  it("lets share images through without a language redirect", () => {
    const response = visit("/en/background-removal/opengraph-image");
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-rewrite")).toBeNull();
  });
});

describe("the sitemap", () => {
  it("lists every page in every language at its own address, with all alternates and a date", () => {
    const entries = sitemap();
    const spanish = entries.find((entry) => entry.url === "http://localhost:3000/es/quitar-fondo");
    expect(spanish).toBeDefined();
    expect(spanish!.lastModified).toBeInstanceOf(Date);
    expect(spanish!.alternates?.languages).toMatchObject({
      en: "http://localhost:3000/background-removal",
      fr: "http://localhost:3000/fr/supprimer-arriere-plan",
      "x-default": "http://localhost:3000/background-removal",
    });
    expect(entries.some((entry) => entry.url.endsWith("/es/background-removal"))).toBe(false);
    expect(new Set(entries.map((entry) => entry.url)).size).toBe(entries.length);
  });
});

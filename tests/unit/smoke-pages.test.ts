// The smoke test visits every page of app/[locale] (a page added later is visited without anyone
// listing it), but not the preview-only pages, which it checks apart, nor the console's, which it holds
// to a 404.
import { consolePages, inLanguage, sitePages } from "../../scripts/smoke/pages";

describe("the smoke test's pages", () => {
  it("are every page of app/[locale] but the dynamic and preview-only ones", () => {
    const pages = sitePages();
    expect(pages).toEqual(expect.arrayContaining(["/", "/editor", "/auth", "/auth/reset", "/auth/verify", "/gallery", "/file-conversion", "/terms"]));
    expect(pages.filter((page) => page.includes("[") || page.startsWith("/preview") || page.startsWith("/admin"))).toEqual([]);
  });

  it("keep the console's pages apart, to check that a guest gets 404 there", () => {
    expect(consolePages()).toEqual(expect.arrayContaining(["/admin", "/admin/users", "/admin/operations", "/admin/audit"]));
    expect(consolePages().every((page) => page === "/admin" || page.startsWith("/admin/"))).toBe(true);
  });

  it("are addressed in each language, the default one without a prefix", () => {
    expect([inLanguage("en", "/"), inLanguage("en", "/auth"), inLanguage("de", "/"), inLanguage("ja", "/auth/reset")]).toEqual([
      "/",
      "/auth",
      "/de",
      "/ja/auth/reset",
    ]);
  });
});

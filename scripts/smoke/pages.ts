// The pages a smoke test visits: every page.tsx under app/[locale], as a path (route groups dropped,
// dynamic segments skipped). Pages under /preview exist only on previews and are checked apart.
import { readdirSync } from "node:fs";
import path from "node:path";
import { defaultLocale, type Locale } from "../../lib/i18n/locales";

const PAGES_DIR = path.join(__dirname, "..", "..", "app", "[locale]");

export function sitePages(): string[] {
  return readdirSync(PAGES_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => path.dirname(file).split(path.sep))
    .filter((segments) => !segments.some((segment) => segment.startsWith("[")))
    .map((segments) => `/${segments.filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment)).join("/")}`)
    .filter((page) => page !== "/preview" && !page.startsWith("/preview/"))
    .sort();
}

/** The page's address in a language: the default language has no prefix. */
export function inLanguage(locale: Locale, page: string): string {
  if (locale === defaultLocale) return page;
  return page === "/" ? `/${locale}` : `/${locale}${page}`;
}

// The pages a smoke test visits: every page.tsx under app/[locale], as a path (route groups dropped,
// dynamic segments skipped). Pages under /preview exist only on previews and are checked apart; the
// console's pages (/admin) exist for admins alone, and are checked to be a 404 to anyone else.
import { readdirSync } from "node:fs";
import path from "node:path";
import { defaultLocale, type Locale } from "../../lib/i18n/locales";

const PAGES_DIR = path.join(__dirname, "..", "..", "app", "[locale]");

function allPages(): string[] {
  return readdirSync(PAGES_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => path.dirname(file).split(path.sep))
    .filter((segments) => !segments.some((segment) => segment.startsWith("[")))
    .map((segments) => `/${segments.filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment)).join("/")}`)
    .filter((page) => page !== "/preview" && !page.startsWith("/preview/"))
    .sort();
}

const isConsolePage = (page: string) => page === "/admin" || page.startsWith("/admin/");

/** Every page a visitor may open. */
export function sitePages(): string[] {
  return allPages().filter((page) => !isConsolePage(page));
}

/** The operator console's pages: for admins alone, a 404 to everyone else. */
export function consolePages(): string[] {
  return allPages().filter(isConsolePage);
}

/** The page's address in a language: the default language has no prefix. */
export function inLanguage(locale: Locale, page: string): string {
  if (locale === defaultLocale) return page;
  return page === "/" ? `/${locale}` : `/${locale}${page}`;
}

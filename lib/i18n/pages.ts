// Each page's address in each language, as the tool registry (lib/tools/registry.ts) writes it: what
// routing (next-intl `pathnames`), links, hreflang, canonical links, the sitemap and the proxy's
// redirects read. A page without slugs keeps its English path in every language. Slugs are the words
// people type into a search box in that language; Japanese and Chinese searchers type their own
// script, so those slugs use it (the browser and the proxy carry them percent-encoded). Safe to import on the client: it is data only.
import { localizedPagesOf } from "@/lib/tools/derive";
import type { TOOLS } from "@/lib/tools/registry";
import { defaultLocale, type Locale } from "./locales";

type Slugs = Readonly<Record<Locale, `/${string}`>>;

/** Each tool page's slugs by its internal (English) path, from the tool registry. */
export const LOCALIZED_PAGES = localizedPagesOf() as Record<LocalizedPage, Slugs>;

/** The internal path of a page with slugs of its own: a tool page. */
export type LocalizedPage = Extract<(typeof TOOLS)[number], { page: object }>["page"]["slugs"]["en"];

/** Slugs by internal path: the registry's, or (for a test) another registry's. */
export type PageSlugs = Readonly<Record<string, Slugs>>;

/** A page's path in a language, without the language prefix: a tool page's English path, in es, is its Spanish slug. */
export function localizedSlug(locale: Locale, internalPath: string, pages: PageSlugs = LOCALIZED_PAGES): string {
  return pages[internalPath]?.[locale] ?? internalPath;
}

/**
 * The page a path without its language prefix names, as its internal (English) path, and whether it
 * was written in `locale`'s own words. A tool's Spanish slug names the tool's page in every language;
 * in Spanish it is the right spelling, in German it is not. Undecoded (percent-encoded) paths work too.
 */
export function pageOfSlug(locale: Locale, path: string): { internalPath: string; isLocaleSlug: boolean } | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return undefined;
  }
  for (const [internalPath, slugs] of Object.entries(LOCALIZED_PAGES) as Array<[string, Slugs]>) {
    if (internalPath === decoded || Object.values(slugs).includes(decoded as `/${string}`)) {
      return { internalPath, isLocaleSlug: slugs[locale] === decoded };
    }
  }
  return undefined;
}

/**
 * A path of the app in a language: English at the root, the others under their prefix, with the
 * page's own words in that language where it has them (lib/i18n/pages.ts): "/auth?mode=signup" in es
 * is "/es/auth?mode=signup", a tool page's English path is "/es/" and its Spanish slug, "/" is "/es". A translated
 * slug comes percent-encoded, as it goes on the wire. Anything that is not a path of this site
 * (another origin, a protocol-relative URL) is returned as it is.
 */
export function localizedPath(locale: Locale, path: string, pages: PageSlugs = LOCALIZED_PAGES): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? "" : path.slice(cut);
  const slug = localizedSlug(locale, pathname, pages);
  const localized = slug === pathname ? pathname : encodeURI(slug);
  if (locale === defaultLocale) return `${localized}${suffix}`;
  return localized === "/" ? `/${locale}${suffix}` : `/${locale}${localized}${suffix}`;
}

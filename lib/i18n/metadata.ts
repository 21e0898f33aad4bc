// Page metadata in the visitor's language: title, description, Open Graph and Twitter card, and
// hreflang alternates for every language (x-default too). Canonical and alternate links are absolute
// (search engines ignore relative ones), on the site's own origin (a preview's point at the production
// site, lib/http/app-origin.ts), and use each language's own slug (lib/i18n/pages.ts).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { canonicalOrigin } from "@/lib/http/app-origin";
import { defaultLocale, locales, type Locale } from "./locales";
import { localizedPath, type PageSlugs } from "./pages";

export function absoluteUrl(path: string): string {
  return `${canonicalOrigin()}${path}`;
}

/** Every language's address of a page, by hreflang code, x-default (English) included. */
export function languageAlternates(path: string, pages?: PageSlugs): Record<string, string> {
  const languages: Record<string, string> = Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(code, path, pages))]));
  languages["x-default"] = absoluteUrl(localizedPath(defaultLocale, path, pages));
  return languages;
}

export function alternates(locale: Locale, path: string): Metadata["alternates"] {
  return { canonical: absoluteUrl(localizedPath(locale, path)), languages: languageAlternates(path) };
}

/** Open Graph's locale names (language_TERRITORY) for our languages. */
const OPEN_GRAPH_LOCALES: Record<Locale, string> = { en: "en_US", es: "es_ES", fr: "fr_FR", de: "de_DE", zh: "zh_CN", ja: "ja_JP" };

/** The product's name, as the first part of the site title ("Pictura — AI image studio"). */
export async function siteName(locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return t("title").split(" — ")[0]!;
}

/**
 * A page's full metadata from its title and description (the layout adds " · Pictura" to the title).
 * `shareImage` is the path, under the language, of the page's own opengraph-image route.
 */
export async function seoMetadata(
  locale: Locale,
  path: string,
  { title, description, shareImage = "/opengraph-image" }: { title: string; description?: string; shareImage?: string },
): Promise<Metadata> {
  const name = await siteName(locale);
  const url = absoluteUrl(localizedPath(locale, path));
  const fullTitle = `${title} · ${name}`;
  return {
    title,
    description,
    alternates: alternates(locale, path),
    openGraph: {
      type: "website",
      siteName: name,
      title: fullTitle,
      description,
      url,
      locale: OPEN_GRAPH_LOCALES[locale],
      alternateLocale: locales.filter((code) => code !== locale).map((code) => OPEN_GRAPH_LOCALES[code]),
      // Named here, not left to the opengraph-image files: a page's own openGraph replaces its parents'
      // whole, image included. The site's (app/[locale]/opengraph-image.tsx) unless the page has one.
      images: [{ url: `/${locale}${shareImage}`, width: 1200, height: 630, type: "image/png" }],
    },
    twitter: { card: "summary_large_image", title: fullTitle, description },
  };
}

/** Metadata for a page titled by `Pages.<name>Title`, described by `Pages.<name>Description` when there is one. */
export async function pageMetadata(locale: Locale, path: string, titleKey: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "Pages" });
  const descriptionKey = titleKey.replace(/Title$/, "Description");
  return seoMetadata(locale, path, {
    title: t(titleKey as never),
    description: t.has(descriptionKey as never) ? t(descriptionKey as never) : undefined,
  });
}

/** The privacy, terms and contact pages: titled by `Legal.<page>Title`, described by `Seo.<page>Description`. */
export async function legalMetadata(locale: Locale, path: string, page: "privacy" | "terms" | "contact"): Promise<Metadata> {
  const t = await getTranslations({ locale });
  return seoMetadata(locale, path, { title: t(`Legal.${page}Title`), description: t(`Seo.${page}Description`) });
}

/** A page with a namespace of its own (/developers, /verify, /report): titled and described by its `metaTitle` and `metaDescription`. */
export async function namespaceMetadata(locale: Locale, path: string, namespace: "Developers" | "Verify" | "Report"): Promise<Metadata> {
  const t = await getTranslations({ locale });
  return seoMetadata(locale, path, { title: t(`${namespace}.metaTitle`), description: t(`${namespace}.metaDescription`) });
}

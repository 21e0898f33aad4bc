// Page metadata in the visitor's language, with hreflang alternates for every language. Canonical
// and alternate links are absolute (search engines ignore relative ones), on the site's own origin (a
// preview's point at the production site, lib/http/app-origin.ts).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { canonicalOrigin } from "@/lib/http/app-origin";
import { defaultLocale, localizedPath, locales, type Locale } from "./locales";

export function absoluteUrl(path: string): string {
  return `${canonicalOrigin()}${path}`;
}

export function alternates(locale: Locale, path: string): Metadata["alternates"] {
  const languages: Record<string, string> = Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(code, path))]));
  languages["x-default"] = absoluteUrl(localizedPath(defaultLocale, path));
  return { canonical: absoluteUrl(localizedPath(locale, path)), languages };
}

export async function pageMetadata(locale: Locale, path: string, titleKey: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "Pages" });
  return { title: t(titleKey as never), alternates: alternates(locale, path) };
}

// sitemap.xml: every public screen in every language, each at its own address in that language
// (lib/i18n/pages.ts), with all its alternates (x-default too) and the date of the build that made it:
// pages change only with a deploy. A preview has none (404): nothing of it is meant to be found.
// Static like robots.txt; a server started in preview mode renders both per request
// (lib/preview/no-page-cache.mjs), so a build made without it answers right too.
import type { MetadataRoute } from "next";
import { notFound } from "next/navigation";
import { locales } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { LOCALIZED_PAGES } from "@/lib/i18n/pages";
import { absoluteUrl, languageAlternates } from "@/lib/i18n/metadata";
import { isPreview } from "@/lib/preview/mode";

/** Public pages with the same address in every language; pages with slugs of their own come from LOCALIZED_PAGES. */
const OTHER_PUBLIC_PATHS = ["/", "/auth", "/subscription", "/privacy", "/terms", "/contact", "/developers"];

const PUBLIC_PATHS = [...OTHER_PUBLIC_PATHS.slice(0, 3), ...Object.keys(LOCALIZED_PAGES), ...OTHER_PUBLIC_PATHS.slice(3)];

export default function sitemap(): MetadataRoute.Sitemap {
  if (isPreview()) notFound();
  const lastModified = new Date();
  return PUBLIC_PATHS.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path)),
      lastModified,
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : path in LOCALIZED_PAGES ? 0.8 : 0.5,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}

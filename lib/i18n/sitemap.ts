// sitemap.xml's entries: every public screen in every language, each at its own address in that
// language, with all its alternates (x-default too). The tool pages, and their slugs, are the tool
// registry's (lib/tools); a registry can be passed in, so a test sees a new tool reach the sitemap.
import type { MetadataRoute } from "next";
import { localizedPagesOf } from "@/lib/tools/derive";
import type { ToolEntry } from "@/lib/tools/types";
import { locales } from "./locales";
import { absoluteUrl, languageAlternates } from "./metadata";
import { localizedPath } from "./pages";

/** Public pages with the same address in every language; the tool pages come between the first three and the rest. */
const OTHER_PUBLIC_PATHS = ["/", "/auth", "/subscription", "/privacy", "/terms", "/contact", "/developers", "/verify", "/report"];

export function sitemapEntries(lastModified: Date, tools?: readonly ToolEntry[]): MetadataRoute.Sitemap {
  const pages = localizedPagesOf(tools);
  const paths = [...OTHER_PUBLIC_PATHS.slice(0, 3), ...Object.keys(pages), ...OTHER_PUBLIC_PATHS.slice(3)];
  return paths.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path, pages)),
      lastModified,
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : path in pages ? 0.8 : 0.5,
      alternates: { languages: languageAlternates(path, pages) },
    })),
  );
}

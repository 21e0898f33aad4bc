// sitemap.xml: every public screen in every language, with its alternates. A preview has none (404):
// nothing of it is meant to be found. Static like robots.txt; a server started in preview mode renders
// both per request (lib/preview/no-page-cache.mjs), so a build made without it answers right too.
import type { MetadataRoute } from "next";
import { notFound } from "next/navigation";
import { localizedPath, locales } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/i18n/metadata";
import { isPreview } from "@/lib/preview/mode";

const PUBLIC_PATHS = [
  "/",
  "/auth",
  "/subscription",
  "/background-removal",
  "/object-removal",
  "/flux-removal",
  "/file-conversion",
  "/text-overlay",
  "/cartoon-style",
  "/upscale",
  "/privacy",
  "/terms",
  "/contact",
];

export default function sitemap(): MetadataRoute.Sitemap {
  if (isPreview()) notFound();
  return PUBLIC_PATHS.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path)),
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : 0.7,
      alternates: { languages: Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(code, path))])) },
    })),
  );
}

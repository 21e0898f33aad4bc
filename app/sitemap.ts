// sitemap.xml: every public screen in every language, with its alternates.
import type { MetadataRoute } from "next";
import { localizedPath, locales } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/i18n/metadata";

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
  return PUBLIC_PATHS.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path)),
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : 0.7,
      alternates: { languages: Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(code, path))])) },
    })),
  );
}

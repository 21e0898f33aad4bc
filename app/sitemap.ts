// sitemap.xml: every public screen in every language, with its alternates.
import type { MetadataRoute } from "next";
import { appUrl } from "@/lib/env";
import { locales } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/metadata";

const PUBLIC_PATHS = [
  "/", "/auth", "/subscription", "/background-removal", "/object-removal", "/flux-removal",
  "/file-conversion", "/text-overlay", "/cartoon-style", "/privacy", "/terms", "/contact",
];

export default function sitemap(): MetadataRoute.Sitemap {
  const base = (appUrl() ?? "http://localhost:3000").replace(/\/$/, "");
  return PUBLIC_PATHS.flatMap((path) =>
    locales.map((locale) => ({
      url: `${base}${localizedPath(locale, path)}`,
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : 0.7,
      alternates: { languages: Object.fromEntries(locales.map((code) => [code, `${base}${localizedPath(code, path)}`])) },
    })),
  );
}

// sitemap.xml: every public screen in every language (lib/i18n/sitemap.ts), with the date of the
// build that made it: pages change only with a deploy. A preview has none (404): nothing of it is
// meant to be found. Static like robots.txt; a server started in preview mode renders both per
// request (lib/preview/no-page-cache.mjs), so a build made without it answers right too.
import type { MetadataRoute } from "next";
import { notFound } from "next/navigation";
import { sitemapEntries } from "@/lib/i18n/sitemap";
import { siteSettings } from "@/lib/settings/site";

export default function sitemap(): MetadataRoute.Sitemap {
  if (!siteSettings().indexable) notFound();
  return sitemapEntries(new Date());
}

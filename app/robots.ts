// robots.txt: pages are open to search engines; the API and the account screen are not. The gallery
// is a static page like the others (each user's images load through the API), so it stays crawlable.
// A preview of a change is closed to every crawler, and names no sitemap (it has none).
import type { MetadataRoute } from "next";
import { appOrigin } from "@/lib/http/app-origin";
import { siteSettings } from "@/lib/settings/site";

export default function robots(): MetadataRoute.Robots {
  if (!siteSettings().indexable) return { rules: { userAgent: "*", disallow: "/" } };
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/account", "/*/account"] },
    sitemap: `${appOrigin()}/sitemap.xml`,
  };
}

// robots.txt: pages are open to search engines; the API and personal screens are not.
import type { MetadataRoute } from "next";
import { appUrl } from "@/lib/env";

export default function robots(): MetadataRoute.Robots {
  const base = (appUrl() ?? "http://localhost:3000").replace(/\/$/, "");
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/account", "/gallery", "/*/account", "/*/gallery"] },
    sitemap: `${base}/sitemap.xml`,
  };
}

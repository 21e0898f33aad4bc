// robots.txt: pages are open to search engines; the API and personal screens are not.
import type { MetadataRoute } from "next";
import { appOrigin } from "@/lib/http/app-origin";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/account", "/gallery", "/*/account", "/*/gallery"] },
    sitemap: `${appOrigin()}/sitemap.xml`,
  };
}

// robots.txt: pages are open to search engines; the API and the account screen are not. The gallery
// is a static page like the others (each user's images load through the API), so it stays crawlable.
import type { MetadataRoute } from "next";
import { appOrigin } from "@/lib/http/app-origin";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/account", "/*/account"] },
    sitemap: `${appOrigin()}/sitemap.xml`,
  };
}

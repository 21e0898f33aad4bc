// The site's public origin for absolute links in pages (canonical, hreflang, sitemap, robots): APP_URL,
// or the local development address when it is unset. Never taken from a request's Host headers, which
// a client controls. Static pages bake it in at build time, so production builds set APP_URL.
import { appUrl } from "@/lib/env";
import { siteSettings } from "@/lib/settings/site";

export const DEVELOPMENT_ORIGIN = "http://localhost:3000";

export function appOrigin(): string {
  const configured = appUrl();
  if (!configured) return DEVELOPMENT_ORIGIN;
  try {
    return new URL(configured).origin;
  } catch {
    return DEVELOPMENT_ORIGIN;
  }
}

/**
 * The origin canonical and hreflang links name: the site's own, except in a preview of a change with
 * PRODUCTION_URL set, whose pages are copies of the production site's and must send any credit there.
 */
export function canonicalOrigin(): string {
  return siteSettings().preview?.productionOrigin ?? appOrigin();
}

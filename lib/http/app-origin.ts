// The site's public origin for absolute links in pages (canonical, hreflang, sitemap, robots): APP_URL,
// or the local development address when it is unset. Never taken from a request's Host headers, which
// a client controls. Static pages bake it in at build time, so production builds set APP_URL.
export const DEVELOPMENT_ORIGIN = "http://localhost:3000";

export function appOrigin(): string {
  const appUrl = process.env.APP_URL?.trim();
  if (!appUrl) return DEVELOPMENT_ORIGIN;
  try {
    return new URL(appUrl).origin;
  } catch {
    return DEVELOPMENT_ORIGIN;
  }
}

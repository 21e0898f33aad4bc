// Picks each visitor's language and routes pages to it. API routes and files pass through.
// With FILES_REDIRECT it also lets pages load images from the bucket the file route redirects to.
import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { isProduction } from "@/lib/env";
import { pageContentSecurityPolicy } from "@/lib/http/content-security-policy";
import { COUNTRY_HEADERS, detectLocale } from "@/lib/i18n/detect";
import { defaultLocale, isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { routing } from "@/lib/i18n/routing";
import { fileRedirectOrigins } from "@/lib/storage/file-origins";

const intl = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const firstSegment = pathname.split("/")[1];
  if (!isLocale(firstSegment)) {
    const locale = detectLocale({
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      countries: COUNTRY_HEADERS.map((name) => request.headers.get(name)),
      acceptLanguage: request.headers.get("accept-language"),
    });
    if (locale !== defaultLocale) {
      const url = request.nextUrl.clone();
      url.pathname = `/${locale}${pathname === "/" ? "" : pathname}`;
      url.search = search;
      const response = NextResponse.redirect(url, 307);
      response.headers.set("Vary", "Cookie, Accept-Language");
      return response;
    }
  }
  return withFileOrigins(intl(request));
}

/**
 * next.config.ts gives pages a policy fixed at build time, without the bucket and CDN; they are
 * known only to the running server, so the policy that names them is set here (a header the proxy
 * sets replaces the configured one).
 */
function withFileOrigins(response: NextResponse): NextResponse {
  const fileOrigins = fileRedirectOrigins();
  if (fileOrigins.length > 0) response.headers.set("Content-Security-Policy", pageContentSecurityPolicy({ development: !isProduction(), fileOrigins }));
  return response;
}

export const config = {
  // Everything but API routes, Next's own files and files with an extension (robots.txt, sitemap.xml, images).
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};

// Picks each visitor's language and routes pages to it. API routes and files pass through.
// With FILES_REDIRECT it also lets pages load images from the bucket the file route redirects to.
// An address whose percent-escapes do not decode is answered here, where the raw path is still in
// hand: Next's own router would answer it with a bare 500. In a preview it marks pages not to be
// indexed and asks for PREVIEW_PASSWORD when set (lib/http/preview-page-gate.ts). A page asked for by
// another language's words moves (308) to its address in the visitor's (lib/i18n/pages.ts).
import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { isProduction } from "@/lib/env";
import { pageContentSecurityPolicy } from "@/lib/http/content-security-policy";
import { COUNTRY_HEADERS, detectLocale } from "@/lib/i18n/detect";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { pageOfSlug } from "@/lib/i18n/pages";
import { routing } from "@/lib/i18n/routing";
import { markPreviewPage, previewPageGate } from "@/lib/http/preview-page-gate";
import { fileRedirectOrigins } from "@/lib/storage/file-origins";

const intl = createMiddleware(routing);

/**
 * Paths the proxy leaves alone: API routes, Next's own files, files with an extension, pages'
 * share images, whose addresses Next writes with the language prefix English pages otherwise drop,
 * and the queue view (/admin/queue), which has one address in every language.
 */
function passesThrough(pathname: string): boolean {
  return (
    /^\/(?:api|_next|_vercel)/.test(pathname) ||
    pathname.slice(1).includes(".") ||
    /\/opengraph-image(?:-\w+)?$/.test(pathname) ||
    /^\/admin\/queue(?:\/|$)/.test(pathname)
  );
}

/** A share link's page and its image: /s/{token} and /s/{token}/image. */
const SHARE_PATH = /^\/s\/[^/]+(?:\/image)?\/?$/;

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A call gets a 400 that says why. A page address is sent (308) to the same address with its stray
 * `%`s escaped, which decodes, names no page and so shows the 404 page in the visitor's language
 * (rewriting instead would still leave Next decoding the original address).
 */
function undecodable(request: NextRequest, pathname: string): NextResponse {
  if (passesThrough(pathname)) {
    return NextResponse.json({ error: "invalid_path", message: "The address is not valid: it has a broken percent-escape." }, { status: 400 });
  }
  const url = request.nextUrl.clone();
  url.pathname = pathname.replaceAll("%", "%25");
  return NextResponse.redirect(url, 308);
}

function localeOf(request: NextRequest, firstSegment: string | undefined): Locale {
  if (isLocale(firstSegment)) return firstSegment;
  return detectLocale({
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    countries: COUNTRY_HEADERS.map((name) => request.headers.get(name)),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!isDecodable(pathname)) return undecodable(request, pathname);
  // Matched only because its address holds a percent-escape (the second matcher below).
  if (passesThrough(pathname)) return NextResponse.next();
  const firstSegment = pathname.split("/")[1];
  // A preview behind PREVIEW_PASSWORD shows its form instead of any page until the password is given.
  const gate = previewPageGate(request, () => localeOf(request, firstSegment));
  if (gate) return gate;
  // A share link's page has one address for everyone and speaks the viewer's language (app/s/[token]);
  // the address with a language before it moves there.
  if (SHARE_PATH.test(pathname)) return markPreviewPage(withFileOrigins(NextResponse.next()));
  if (isLocale(firstSegment) && SHARE_PATH.test(pathname.slice(firstSegment.length + 1))) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.slice(firstSegment.length + 1);
    return markPreviewPage(NextResponse.redirect(url, 308));
  }
  if (!isLocale(firstSegment)) {
    const locale = localeOf(request, firstSegment);
    if (locale !== defaultLocale) {
      const url = request.nextUrl.clone();
      url.pathname = localizedPath(locale, pathname);
      url.search = search;
      const response = NextResponse.redirect(url, 307);
      response.headers.set("Vary", "Cookie, Accept-Language");
      return markPreviewPage(response);
    }
  }
  const moved = slugRedirect(request, isLocale(firstSegment) ? firstSegment : defaultLocale);
  if (moved) return markPreviewPage(moved);
  return markPreviewPage(withFileOrigins(withEncodedRewrite(intl(request))));
}

/**
 * A page asked for by another language's words (a tool's English slug under `/es/`, or Spanish
 * words on the German site) moves for good (308) to its address in this language, so links and
 * bookmarks made before the translated slugs keep working and search engines keep one address.
 */
function slugRedirect(request: NextRequest, locale: Locale): NextResponse | undefined {
  const { pathname } = request.nextUrl;
  const prefix = `/${locale}`;
  const prefixed = pathname === prefix || pathname.startsWith(`${prefix}/`);
  const page = pageOfSlug(locale, prefixed ? pathname.slice(prefix.length) || "/" : pathname);
  if (!page || page.isLocaleSlug) return undefined;
  const url = request.nextUrl.clone();
  url.pathname = localizedPath(locale, page.internalPath);
  return NextResponse.redirect(url, 308);
}

/**
 * next-intl rewrites to the decoded path (`/es/100%25` to `/es/100%`), which Next's router cannot
 * decode again and answers with a 500: such a target gets its segments encoded back.
 */
function withEncodedRewrite(response: NextResponse): NextResponse {
  const target = response.headers.get("x-middleware-rewrite");
  if (!target) return response;
  const url = new URL(target);
  if (isDecodable(url.pathname)) return response;
  url.pathname = url.pathname.split("/").map(encodeURIComponent).join("/");
  response.headers.set("x-middleware-rewrite", url.toString());
  return response;
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
  // Pages: everything but API routes, Next's own files, files with an extension (robots.txt,
  // sitemap.xml, images) and the queue view. And any address with a percent-escape, so a broken one
  // is caught here.
  matcher: ["/((?!api|_next|_vercel|admin/queue(?:/|$)|.*\\..*).*)", "/(.*%.*)"],
};

// The proxy's part of a preview, for pages: the not-indexed header (a build made without preview mode
// has no configured one), hreflang Link headers on the production site like the pages' own links, no
// shared caching, and the PREVIEW_PASSWORD form in place of any page until the browser holds the
// access cookie.
// Outside a preview each function returns at its first line: the proxy stays cheap.
import { NextResponse, type NextRequest } from "next/server";
import { hasPreviewAccess, isPreviewAccessPage, previewAccessCookieName } from "@/lib/preview/access";
import { NOINDEX, ROBOTS_HEADER } from "@/lib/preview/noindex";
import { siteSettings } from "@/lib/settings/site";

/** The password form, shown at the address asked for (a rewrite), or null when the page may be seen. */
export function previewPageGate(request: NextRequest, locale: () => string): NextResponse | null {
  if (!siteSettings().preview?.password) return null;
  const { pathname, search } = request.nextUrl;
  if (isPreviewAccessPage(pathname) || hasPreviewAccess(request.cookies.get(previewAccessCookieName())?.value)) return null;
  const form = request.nextUrl.clone();
  form.pathname = `/${locale()}/preview/access`;
  form.search = "";
  form.searchParams.set("next", `${pathname}${search}`);
  return markPreviewPage(NextResponse.rewrite(form));
}

/** Marks a page's answer as a preview's; next-intl's Link header names the request's host otherwise. */
export function markPreviewPage(response: NextResponse): NextResponse {
  const { indexable, preview } = siteSettings();
  if (indexable) return response;
  response.headers.set(ROBOTS_HEADER, NOINDEX);
  // No shared cache may keep a preview's page: behind a password it would hand it to anyone, and a
  // prerendered page says s-maxage of a year. Next keeps a Cache-Control set here rather than its own.
  response.headers.set("Cache-Control", "private, no-cache");
  const production = preview?.productionOrigin;
  const links = response.headers.get("link");
  if (production && links) response.headers.set("link", links.replace(/<https?:\/\/[^/>]+/g, `<${production}`));
  return response;
}

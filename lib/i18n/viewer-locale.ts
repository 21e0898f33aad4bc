// The language a page outside the language segment speaks (a share link's page, /s/{token}, has one
// address for everyone): chosen from the request as the proxy chooses it for every other page — the
// saved choice, the country, the browser's languages, then English.
import "server-only";
import { readCookie } from "@/lib/auth/session";
import { COUNTRY_HEADERS, detectLocale } from "./detect";
import { LOCALE_COOKIE, type Locale } from "./locales";

/** The request headers the choice reads, for a route's `headers` option. */
export const VIEWER_LOCALE_HEADERS = ["cookie", "accept-language", ...COUNTRY_HEADERS] as const;

export function viewerLocale(headers: Readonly<Record<string, string | null | undefined>>): Locale {
  return detectLocale({
    cookie: readCookie(headers.cookie ?? null, LOCALE_COOKIE),
    countries: COUNTRY_HEADERS.map((name) => headers[name]),
    acceptLanguage: headers["accept-language"],
  });
}

// The language a page outside the language segment speaks (a share link's page, /s/{token}, has one
// address for everyone): chosen from the request as the proxy chooses it for every other page — the
// saved choice, the country, the browser's languages, then English.
import "server-only";
import { readCookie } from "@/lib/auth/session";
import { COUNTRY_HEADERS, detectLocale } from "./detect";
import { LOCALE_COOKIE, type Locale } from "./locales";

export function viewerLocale(headers: Headers): Locale {
  return detectLocale({
    cookie: readCookie(headers.get("cookie"), LOCALE_COOKIE),
    countries: COUNTRY_HEADERS.map((name) => headers.get(name)),
    acceptLanguage: headers.get("accept-language"),
  });
}

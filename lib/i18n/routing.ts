// URL rules for languages: English lives at the root, the others under their prefix (/es/auth).
import { defineRouting } from "next-intl/routing";
import { defaultLocale, LOCALE_COOKIE, locales } from "./locales";

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "as-needed",
  // The proxy chooses the language itself (saved choice, country, browser) and redirects.
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: "lax" },
});

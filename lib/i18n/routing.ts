// URL rules for languages: English lives at the root, the others under their prefix (/es/auth), and
// pages with words of their own in a language use them (/es/quitar-fondo, lib/i18n/pages.ts).
import { defineRouting } from "next-intl/routing";
import type { Pathnames } from "next-intl/routing";
import { defaultLocale, LOCALE_COOKIE, locales } from "./locales";
import { LOCALIZED_PAGES } from "./pages";

// Typed as the general shape so that links to pages without slugs of their own (and with a query)
// stay plain strings for the navigation helpers.
const pathnames: Pathnames<typeof locales> = LOCALIZED_PAGES;

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "as-needed",
  pathnames,
  // The proxy chooses the language itself (saved choice, country, browser) and redirects.
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: "lax" },
});

// The visitor's saved language: a cookie the server reads and the `language` key in localStorage.
import { LANGUAGE_STORAGE_KEY, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function saveLanguageChoice(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
}

// Absolute links for mails, on the site's public origin and in the reader's language
// (/auth/reset for English, /de/auth/reset for German), as the interface's own routes are.
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

export function mailLink(origin: string, locale: string, path: string, token: string): string {
  const prefix = isLocale(locale) && locale !== defaultLocale ? `/${locale}` : "";
  const url = new URL(`${prefix}${path}`, origin);
  url.searchParams.set("token", token);
  return url.toString();
}

// The language a new account's mails are written in, when the sign-up itself does not say: the
// visitor's saved language choice, else their browser's languages.
import { detectLocale } from "@/lib/i18n/detect";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

export function localeOfRequest(headers: Headers): Locale {
  return detectLocale({ cookie: cookieValue(headers.get("cookie"), LOCALE_COOKIE), acceptLanguage: headers.get("accept-language") });
}

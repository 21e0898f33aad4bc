// The language a request is answered in when the page or the call does not say: the visitor's saved
// language choice, else their browser's languages, else (for a caller known to us, such as a script
// with an API key that sends neither) the account's own language, else the default. A new account's
// mails, and an API answer's localized text (lib/errors.ts LocalizedError), are written in it.
import { detectLocale } from "@/lib/i18n/detect";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { readCookie } from "./session";

export function localeOfRequest(headers: Headers, ownLocale?: string | null): Locale {
  return detectLocale({ cookie: readCookie(headers.get("cookie"), LOCALE_COOKIE), acceptLanguage: headers.get("accept-language"), fallback: ownLocale });
}

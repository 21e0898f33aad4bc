// The language an API answer's localized text is written in (lib/errors.ts LocalizedError): the
// language this browser chose on the site (its cookie), else the request's Accept-Language, else
// the account's own language (a script with an API key sends neither), else English.
import "server-only";
import { readCookie } from "@/lib/auth/session";
import type { User } from "@/lib/generated/prisma/client";
import { localeFromAcceptLanguage } from "@/lib/i18n/detect";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

export function callerLocale(headers: Headers, user: Pick<User, "locale"> | null): Locale {
  const chosen = readCookie(headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  const own = user?.locale;
  return localeFromAcceptLanguage(headers.get("accept-language")) ?? (isLocale(own) ? own : defaultLocale);
}

// The two sentences of the page shown when the root layout itself fails (app/global-error.tsx). That
// page replaces the whole document, outside the language provider, so it carries them in every
// language here; tests/unit/global-error.test.tsx keeps them equal to messages/*.json.
// Only the type of the languages: this page's script is loaded on every page, apart from the rest, so
// whatever it imports is sent twice.
import type { Locale } from "./locales";

export const GLOBAL_ERROR_TEXT: Record<Locale, { error: string; tryAgain: string }> = {
  en: { error: "Error", tryAgain: "Try Again" },
  es: { error: "Error", tryAgain: "Intentar de nuevo" },
  fr: { error: "Erreur", tryAgain: "Réessayer" },
  de: { error: "Fehler", tryAgain: "Erneut versuchen" },
  zh: { error: "错误", tryAgain: "重试" },
  ja: { error: "エラー", tryAgain: "再試行" },
};

/** The language of a path: its first segment when that is a language prefix, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return first && Object.hasOwn(GLOBAL_ERROR_TEXT, first) ? (first as Locale) : "en";
}

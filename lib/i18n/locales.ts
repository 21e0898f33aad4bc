// The six interface languages, safe to import on the client and the server.
export const locales = ["en", "es", "fr", "de", "zh", "ja"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export const LOCALE_COOKIE = "NEXT_LOCALE";
/** localStorage key of the user's language choice. */
export const LANGUAGE_STORAGE_KEY = "language";

export const languages: ReadonlyArray<{ code: Locale; name: string; flag: string }> = [
  { code: "en", name: "English", flag: "🇺🇸" },
  { code: "es", name: "Español", flag: "🇪🇸" },
  { code: "fr", name: "Français", flag: "🇫🇷" },
  { code: "de", name: "Deutsch", flag: "🇩🇪" },
  { code: "zh", name: "中文", flag: "🇨🇳" },
  { code: "ja", name: "日本語", flag: "🇯🇵" },
];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * A path of the app in a language: English at the root, the others under their prefix
 * ("/auth?mode=signup" in es is "/es/auth?mode=signup", "/" is "/es"). Anything that is not a path
 * of this site (another origin, a protocol-relative URL) is returned as it is.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//") || locale === defaultLocale) return path;
  const rest = path.slice(1);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${locale}${rest}` : `/${locale}${path}`;
}

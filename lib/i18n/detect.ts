// Chooses the interface language for a visitor: their saved choice, then the country their
// request comes from, then the browser's languages, then English. Pure, so it runs in the proxy.
import { defaultLocale, isLocale, type Locale } from "./locales";

const COUNTRY_LOCALES: Record<string, Locale> = {
  US: "en",
  GB: "en",
  CA: "en",
  AU: "en",
  NZ: "en",
  ES: "es",
  MX: "es",
  AR: "es",
  CO: "es",
  PE: "es",
  FR: "fr",
  BE: "fr",
  CH: "fr",
  LU: "fr",
  DE: "de",
  AT: "de",
  CN: "zh",
  TW: "zh",
  HK: "zh",
  SG: "zh",
  JP: "ja",
};

/** Headers that CDNs and hosts use to pass the visitor's country. */
export const COUNTRY_HEADERS = ["x-vercel-ip-country", "cf-ipcountry", "cloudfront-viewer-country"] as const;

const INJECTION = /<\s*\/?\s*script|javascript\s*:|\bon[a-z]+\s*=|<[a-z!/]|data\s*:\s*text\/html/i;

/** Candidate values that look like script injection are discarded before anything else reads them. */
export function looksLikeInjection(value: string): boolean {
  return INJECTION.test(value);
}

function clean(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 512 || looksLikeInjection(trimmed)) return undefined;
  return trimmed;
}

export function localeForCountry(country: string | null | undefined): Locale | undefined {
  const code = clean(country)?.toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return undefined;
  return COUNTRY_LOCALES[code] ?? defaultLocale;
}

/** The best supported locale in an Accept-Language header, by its q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const value = clean(header);
  if (!value) return undefined;
  const ranked = value
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

export interface LocaleSignals {
  cookie?: string | null;
  countries?: Array<string | null | undefined>;
  acceptLanguage?: string | null;
  /** The language to use when no signal names one (an account's own), before the default. */
  fallback?: string | null;
}

export function detectLocale(signals: LocaleSignals): Locale {
  const saved = clean(signals.cookie);
  if (isLocale(saved)) return saved;
  for (const country of signals.countries ?? []) {
    const fromCountry = localeForCountry(country);
    if (fromCountry) return fromCountry;
  }
  return localeFromAcceptLanguage(signals.acceptLanguage) ?? (isLocale(signals.fallback) ? signals.fallback : defaultLocale);
}

// Each page's address in each language: the one table that routing (next-intl `pathnames`), links,
// hreflang, canonical links, the sitemap and the proxy's redirects read. A page missing here keeps its
// English path in every language. Slugs are the words people type into a search box in that
// language; Japanese and Chinese searchers type their own script, so those slugs use it (the browser
// and the proxy carry them percent-encoded). Safe to import on the client: it is data only.
import { defaultLocale, type Locale } from "./locales";

type Slugs = Record<Locale, `/${string}`>;

export const LOCALIZED_PAGES = {
  "/background-removal": {
    en: "/background-removal",
    es: "/quitar-fondo",
    fr: "/supprimer-arriere-plan",
    de: "/hintergrund-entfernen",
    zh: "/抠图",
    ja: "/背景削除",
  },
  "/object-removal": {
    en: "/object-removal",
    es: "/borrar-objetos-de-fotos",
    fr: "/effacer-objet-photo",
    de: "/objekte-entfernen",
    zh: "/消除物体",
    ja: "/不要物除去",
  },
  "/flux-removal": {
    en: "/flux-removal",
    es: "/borrar-objetos-con-ia",
    fr: "/effacer-objet-ia",
    de: "/objekte-entfernen-ki",
    zh: "/AI消除",
    ja: "/AI消しゴム",
  },
  "/file-conversion": {
    en: "/file-conversion",
    es: "/convertir-imagenes",
    fr: "/convertir-image",
    de: "/bild-umwandeln",
    zh: "/图片格式转换",
    ja: "/画像形式変換",
  },
  "/text-overlay": {
    en: "/text-overlay",
    es: "/agregar-texto-a-imagen",
    fr: "/ajouter-texte-image",
    de: "/text-auf-bild",
    zh: "/图片加文字",
    ja: "/画像に文字入れ",
  },
  "/cartoon-style": {
    en: "/cartoon-style",
    es: "/foto-a-caricatura",
    fr: "/photo-en-dessin-anime",
    de: "/foto-zu-cartoon",
    zh: "/照片卡通化",
    ja: "/アニメ風加工",
  },
  "/upscale": {
    en: "/upscale",
    es: "/mejorar-resolucion",
    fr: "/agrandir-image",
    de: "/bild-hochskalieren",
    zh: "/图片无损放大",
    ja: "/画像高画質化",
  },
  "/expand": {
    en: "/expand",
    es: "/ampliar-imagen",
    fr: "/etendre-image",
    de: "/bild-erweitern",
    zh: "/AI扩图",
    ja: "/画像拡張",
  },
  "/blur-background": {
    en: "/blur-background",
    es: "/desenfocar-fondo",
    fr: "/flouter-arriere-plan",
    de: "/hintergrund-unscharf",
    zh: "/背景虚化",
    ja: "/背景ぼかし",
  },
  "/product-photo": {
    en: "/product-photo",
    es: "/fotos-de-producto",
    fr: "/photo-produit",
    de: "/produktfoto",
    zh: "/商品图",
    ja: "/商品写真",
  },
} as const satisfies Record<string, Slugs>;

export type LocalizedPage = keyof typeof LOCALIZED_PAGES;

const slugsOf = (path: string): Slugs | undefined => (LOCALIZED_PAGES as Record<string, Slugs>)[path];

/** A page's path in a language, without the language prefix: "/background-removal" in es is "/quitar-fondo". */
export function localizedSlug(locale: Locale, internalPath: string): string {
  return slugsOf(internalPath)?.[locale] ?? internalPath;
}

/**
 * The page a path without its language prefix names, as its internal (English) path, and whether it
 * was written in `locale`'s own words. "/quitar-fondo" is "/background-removal" in every language;
 * in Spanish it is the right spelling, in German it is not. Undecoded (percent-encoded) paths work too.
 */
export function pageOfSlug(locale: Locale, path: string): { internalPath: string; isLocaleSlug: boolean } | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return undefined;
  }
  for (const [internalPath, slugs] of Object.entries(LOCALIZED_PAGES) as Array<[string, Slugs]>) {
    if (internalPath === decoded || Object.values(slugs).includes(decoded as `/${string}`)) {
      return { internalPath, isLocaleSlug: slugs[locale] === decoded };
    }
  }
  return undefined;
}

/**
 * A path of the app in a language: English at the root, the others under their prefix, with the
 * page's own words in that language where it has them (lib/i18n/pages.ts): "/auth?mode=signup" in es
 * is "/es/auth?mode=signup", "/background-removal" is "/es/quitar-fondo", "/" is "/es". A translated
 * slug comes percent-encoded, as it goes on the wire. Anything that is not a path of this site
 * (another origin, a protocol-relative URL) is returned as it is.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? "" : path.slice(cut);
  const slug = localizedSlug(locale, pathname);
  const localized = slug === pathname ? pathname : encodeURI(slug);
  if (locale === defaultLocale) return `${localized}${suffix}`;
  return localized === "/" ? `/${locale}${suffix}` : `/${locale}${localized}${suffix}`;
}

// The answer to /s/{token}: a live share's page in the viewer's language, counted as one view when a
// person opens it with GET (lib/shares/viewers.ts; no cookie is set for it and no address kept), or the
// same 404 page for any link that shows nothing.
// Never stored by a cache, so a revoke takes effect at once; not indexed unless its owner allowed it.
import "server-only";
import { createTranslator } from "next-intl";
import { appOrigin } from "@/lib/http/app-origin";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { VIEWER_LOCALE_HEADERS, viewerLocale } from "@/lib/i18n/viewer-locale";
import { countShareView, findPublicShare } from "@/lib/shares/public-share";
import { isPersonViewing } from "@/lib/shares/viewers";
import { shareNotFoundHtml, sharePageHtml, type SharePageTexts } from "@/lib/shares/share-page-html";

const TEXT_KEYS = [
  "metaTitle",
  "metaDescription",
  "title",
  "imageAlt",
  "madeWithAi",
  "changedWithAi",
  "prompt",
  "madeWithPictura",
  "verify",
  "report",
  "notFoundTitle",
  "notFoundBody",
  "home",
] as const satisfies readonly (keyof SharePageTexts)[];

async function textsOf(locale: Locale): Promise<SharePageTexts> {
  const messages = (await import(`../../messages/${locale}.json`)).default as { Share: SharePageTexts };
  const t = createTranslator({ locale, messages, namespace: "Share" });
  return Object.fromEntries(TEXT_KEYS.map((key) => [key, t(key)])) as unknown as SharePageTexts;
}

function htmlAnswer(html: string, status: number, indexable: boolean): Response {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      // The language comes from these.
      Vary: "Cookie, Accept-Language",
      ...(indexable ? {} : { "X-Robots-Tag": "noindex, nofollow" }),
    },
  });
}

/** The request headers the page reads: the viewer's language's, and the user agent that tells a person from a preview. */
export const SHARE_PAGE_HEADERS = [...VIEWER_LOCALE_HEADERS, "user-agent"] as const;

/** `method` is GET or HEAD: a HEAD is never a view. */
export async function sharePageResponse(token: string, headers: Readonly<Record<string, string | null>>, method: "GET" | "HEAD"): Promise<Response> {
  const locale = viewerLocale(headers);
  const [share, texts] = await Promise.all([findPublicShare(token), textsOf(locale)]);
  const links = { home: localizedPath(locale, "/"), verify: localizedPath(locale, "/verify"), report: localizedPath(locale, "/report") };
  if (!share) return htmlAnswer(shareNotFoundHtml({ locale, texts, links }), 404, false);
  if (method === "GET" && isPersonViewing(headers["user-agent"] ?? null)) await countShareView(share.id);
  const report = localizedPath(locale, `/report?url=${encodeURIComponent(share.url)}`);
  return htmlAnswer(sharePageHtml(share, { locale, origin: appOrigin(), texts, links: { ...links, report } }), 200, share.indexable);
}

// The opengraph-image routes, made for every language at build time: a tool page's shows the tool's
// name over a before/after of what it does (its landing's scene, drawn by share-image.tsx); the
// other pages' show the site's title.
import "server-only";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { locales, type Locale } from "@/lib/i18n/locales";
import { siteName } from "@/lib/i18n/metadata";
import { SERVER_TOOLS } from "@/lib/tools/server-facts";
import { shareImage } from "./share-image";
import { toolPageAt, toolPageParams, type ToolKey } from "./tool-pages";

async function imageFor(locale: Locale, tool: ToolKey | null) {
  const t = await getTranslations({ locale });
  const brand = await siteName(locale);
  const title = tool ? t(`Pages.${tool}Title`) : (t("Metadata.title").split(" — ")[1] ?? brand);
  const scene = tool ? SERVER_TOOLS.find((entry) => entry.id === tool)?.landing?.scene : undefined;
  return shareImage({ title, brand, scene: scene ?? "cartoon", before: t("Imaging.before"), after: t("Imaging.after") });
}

/** The share image of every page without one of its own. */
export function shareImageRoute() {
  return {
    generateStaticParams: () => locales.map((locale) => ({ locale })),
    async Image({ params }: { params: Promise<{ locale: string }> }) {
      return imageFor((await params).locale as Locale, null);
    },
  };
}

/** Each tool page's share image (app/[locale]/[tool]), at its page's internal path. */
export function toolShareImageRoute() {
  return {
    // Each language's, or those of the one the parent segment gives.
    generateStaticParams: ({ params }: { params?: { locale?: string } } = {}) =>
      (params?.locale ? [params.locale] : locales).flatMap((locale) => toolPageParams().map(({ tool }) => ({ locale, tool }))),
    async Image({ params }: { params: Promise<{ locale: string; tool: string }> }) {
      const { locale, tool } = await params;
      const page = toolPageAt(tool) ?? notFound();
      return imageFor(locale as Locale, page.key);
    },
  };
}

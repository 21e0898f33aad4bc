// An opengraph-image route for a page, made for every language at build time: the tool's name (or
// the site's title for the other pages) over a before/after of what it does (its landing's scene, drawn by share-image.tsx).
import "server-only";
import { getTranslations } from "next-intl/server";
import { locales, type Locale } from "@/lib/i18n/locales";
import { siteName } from "@/lib/i18n/metadata";
import { TOOL_SERVER_FACTS } from "@/lib/tools/server-facts";
import { shareImage } from "./share-image";
import type { ToolKey } from "./tool-pages";

interface ShareImageProps {
  params: Promise<{ locale: string }>;
}

export function shareImageRoute(tool: ToolKey | null) {
  return {
    generateStaticParams: () => locales.map((locale) => ({ locale })),
    async Image({ params }: ShareImageProps) {
      const locale = (await params).locale as Locale;
      const t = await getTranslations({ locale });
      const brand = await siteName(locale);
      const title = tool ? t(`Pages.${tool}Title`) : (t("Metadata.title").split(" — ")[1] ?? brand);
      return shareImage({
        title,
        brand,
        scene: tool ? TOOL_SERVER_FACTS[tool].landing.scene : "cartoon",
        before: t("Imaging.before"),
        after: t("Imaging.after"),
      });
    },
  };
}

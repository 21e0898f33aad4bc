// A titled, translated screen for routes whose features are still to come.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { pageMetadata } from "@/lib/i18n/metadata";
import type { Locale } from "@/lib/i18n/locales";

export type ScreenKey =
  | "editor" | "subscription" | "gallery" | "backgroundRemoval" | "objectRemoval"
  | "fluxRemoval" | "fileConversion" | "textOverlay" | "cartoonStyle";

interface PageProps {
  params: Promise<{ locale: string }>;
}

export function placeholderPage(path: string, screen: ScreenKey) {
  return {
    async generateMetadata({ params }: PageProps): Promise<Metadata> {
      const { locale } = await params;
      return pageMetadata(locale as Locale, path, `${screen}Title`);
    },
    async Page({ params }: PageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      const t = await getTranslations("Pages");
      const tc = await getTranslations("Common");
      return (
        <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${screen}Title`)}</h1>
          <p className="text-muted-foreground mt-3 text-lg">{t(`${screen}Description`)}</p>
          <p className="bg-muted text-muted-foreground mt-8 rounded-xl border border-dashed p-6 text-sm">{tc("comingSoon")}</p>
        </section>
      );
    },
  };
}

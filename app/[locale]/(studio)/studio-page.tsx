// The studio's page: the editor, under two addresses ("/" and "/editor") that differ only in their
// canonical path. Each route file is this page with its path.
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { EditorScreen } from "@/components/editor/editor-screen";
import { ToolButtons } from "@/components/editor/tool-buttons";
import { ClientScreen } from "@/components/layout/client-screen";
import type { ClientScreenName } from "@/lib/i18n/client-namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";
import { SiteJsonLd } from "@/components/seo/site-json-ld";

interface StudioPageProps {
  params: Promise<{ locale: string }>;
}

export function studioPage(path: "/" | "/editor", screen: ClientScreenName) {
  return {
    async generateMetadata({ params }: StudioPageProps): Promise<Metadata> {
      const { locale } = await params;
      return pageMetadata(locale as Locale, path, "editorTitle");
    },
    async Page({ params }: StudioPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      return (
        <>
          <ClientScreen name={screen}>
            <EditorScreen projectId={null} tools={<ToolButtons />} />
          </ClientScreen>
          {/* The home page describes the whole product to search engines (WebApplication with the plans). */}
          {path === "/" && <SiteJsonLd locale={locale as Locale} />}
        </>
      );
    },
  };
}

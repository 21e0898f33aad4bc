// A tool's route: the tool's own screen first, then its landing words (tool-landing.tsx), with the
// tool's own title and description in each language.
import type { Metadata } from "next";
import type { ComponentType } from "react";
import { screenPage } from "@/components/layout/screen-page";
import { toolContent } from "@/components/seo/tool-content";
import { toolPage, type ToolKey } from "@/components/seo/tool-pages";
import type { ClientScreenName } from "@/lib/i18n/client-namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { seoMetadata } from "@/lib/i18n/metadata";
import { ToolLanding } from "./tool-landing";

interface ToolRouteProps {
  params: Promise<{ locale: string }>;
}

export function toolLandingPage(tool: ToolKey, Screen: ComponentType, screen: ClientScreenName) {
  const { path } = toolPage(tool);
  const page = screenPage(path, `${tool}Title`, Screen, screen);
  return {
    async generateMetadata({ params }: ToolRouteProps): Promise<Metadata> {
      const locale = (await params).locale as Locale;
      const { title, description } = await toolContent(locale, tool);
      return seoMetadata(locale, path, { title, description, shareImage: `${path}/opengraph-image` });
    },
    async Page({ params }: ToolRouteProps) {
      const locale = (await params).locale as Locale;
      return (
        <>
          <page.Page params={params} />
          <ToolLanding locale={locale} tool={tool} />
        </>
      );
    },
  };
}

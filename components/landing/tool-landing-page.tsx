// A tool's page: the tool's own screen first, then its landing words (tool-landing.tsx), with the
// tool's own title and description in each language. Its route is the folder of its internal
// (English) path, app/[locale]/<path>/page.tsx, which only names its screen configuration
// (components/tools/<path>/screen.ts): Next.js bundles a page's client code by its route, so a page
// of its own keeps each tool's screen out of the other tool pages' scripts. Its share image is the
// tool pages' one route, app/[locale]/[tool]/opengraph-image.tsx.
import type { Metadata } from "next";
import type { ComponentType } from "react";
import { screenPage } from "@/components/layout/screen-page";
import { toolContent } from "@/components/seo/tool-content";
import { toolPage, type ToolKey } from "@/components/seo/tool-pages";
import type { Locale } from "@/lib/i18n/locales";
import { seoMetadata } from "@/lib/i18n/metadata";
import { ToolLanding } from "./tool-landing";

interface ToolRouteProps {
  params: Promise<{ locale: string }>;
}

/** A tool page's screen configuration: the tool (its registry id, also its screen's name for its messages) and its client screen. */
export interface ToolScreen {
  tool: ToolKey;
  Screen: ComponentType;
}

export function toolLandingPage({ tool, Screen }: ToolScreen) {
  const { path } = toolPage(tool);
  const page = screenPage(path, `${tool}Title`, Screen, tool);
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

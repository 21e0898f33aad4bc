// A localized route that renders one client screen: its metadata (title, alternates) and its page.
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import type { ComponentType } from "react";
import type { ClientScreenName } from "@/lib/i18n/client-namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";
import { ClientScreen } from "./client-screen";

interface ScreenPageProps {
  params: Promise<{ locale: string }>;
}

/**
 * `propsFor` gives the screen what the server knows and the browser does not yet: the site's
 * configuration (built into the page) or the visitor (which makes the page render per request).
 */
export function screenPage<Props extends object>(
  path: string,
  titleKey: Parameters<typeof pageMetadata>[2],
  Screen: ComponentType<Props>,
  name: ClientScreenName,
  propsFor?: () => Promise<Props>,
) {
  return {
    async generateMetadata({ params }: ScreenPageProps): Promise<Metadata> {
      const { locale } = await params;
      return pageMetadata(locale as Locale, path, titleKey);
    },
    async Page({ params }: ScreenPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      const props = propsFor ? await propsFor() : ({} as Props);
      return (
        <ClientScreen name={name}>
          <Screen {...props} />
        </ClientScreen>
      );
    },
  };
}

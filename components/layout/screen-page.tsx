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

export function screenPage(path: string, titleKey: Parameters<typeof pageMetadata>[2], Screen: ComponentType, name: ClientScreenName) {
  return {
    async generateMetadata({ params }: ScreenPageProps): Promise<Metadata> {
      const { locale } = await params;
      return pageMetadata(locale as Locale, path, titleKey);
    },
    async Page({ params }: ScreenPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      return (
        <ClientScreen name={name}>
          <Screen />
        </ClientScreen>
      );
    },
  };
}

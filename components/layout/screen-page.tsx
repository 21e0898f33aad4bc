// A localized route that renders one client screen: its metadata (title, alternates) and its page.
// tokenPage is the same for the routes a mailed link opens.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ComponentType } from "react";
import type { ClientScreenName } from "@/lib/i18n/client-namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { alternates, pageMetadata } from "@/lib/i18n/metadata";
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

interface TokenPageProps extends ScreenPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A route a mailed link opens (/auth/reset, /auth/verify): its screen is given the link's token, or
 * null without one. A page holding a token from a mail is nobody else's business: it is not indexed.
 */
export function tokenPage<Props extends object>(
  path: string,
  namespace: string,
  Screen: ComponentType<Props & { token: string | null }>,
  name: ClientScreenName,
  propsFor?: () => Props,
) {
  return {
    async generateMetadata({ params }: ScreenPageProps): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale: locale as Locale, namespace });
      return { title: t("pageTitle"), alternates: alternates(locale as Locale, path), robots: { index: false } };
    },
    async Page({ params, searchParams }: TokenPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      const { token } = await searchParams;
      const value = Array.isArray(token) ? token[0] : token;
      const props = propsFor ? propsFor() : ({} as Props);
      return (
        <ClientScreen name={name}>
          <Screen {...props} token={value?.trim() || null} />
        </ClientScreen>
      );
    },
  };
}

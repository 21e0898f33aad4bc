import type { Metadata } from "next";
import { hasLocale, NextIntlClientProvider } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { PaymentReturnNotice } from "@/components/billing/payment-return-notice";
import { SandboxNotice } from "@/components/billing/sandbox-notice";
import { Providers } from "@/components/layout/providers";
import { pickMessages } from "@/components/layout/client-screen";
import { PreviewBanner } from "@/components/layout/preview-banner";
import { SiteHeader } from "@/components/layout/site-header";
import { sandboxNoticeRequired } from "@/lib/billing/config";
import { appOrigin } from "@/lib/http/app-origin";
import { clientNamespaces } from "@/lib/i18n/client-namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { routing } from "@/lib/i18n/routing";
import { siteSettings } from "@/lib/settings/site";
import "../globals.css";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "Metadata" });
  return {
    title: { default: t("title"), template: `%s · ${t("title").split(" — ")[0]}` },
    description: t("description"),
    metadataBase: new URL(appOrigin()),
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const { preview } = siteSettings();
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <html lang={locale}>
      <body className="min-h-dvh">
        <NextIntlClientProvider messages={await pickMessages(clientNamespaces.shell)}>
          <Providers>
            {/* One banner: a preview's label already says its payments are simulated. */}
            {preview ? <PreviewBanner name={preview.name} /> : sandboxNoticeRequired() && <SandboxNotice />}
            <SiteHeader />
            <PaymentReturnNotice />
            <main className="flex flex-1 flex-col">{children}</main>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface SubscriptionPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: SubscriptionPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/subscription", "subscriptionTitle");
}

export default async function SubscriptionPage({ params }: SubscriptionPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <SubscriptionScreen />;
}

import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { FluxRemovalScreen } from "@/components/tools/flux-removal/flux-removal-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface FluxRemovalPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: FluxRemovalPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/flux-removal", "fluxRemovalTitle");
}

export default async function FluxRemovalPage({ params }: FluxRemovalPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FluxRemovalScreen />;
}

import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface ToolPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ToolPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/background-removal", "backgroundRemovalTitle");
}

export default async function BackgroundRemovalPage({ params }: ToolPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <BackgroundRemovalScreen />;
}

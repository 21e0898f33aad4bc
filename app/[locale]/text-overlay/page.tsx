import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { TextOverlayScreen } from "@/components/tools/text-overlay/text-overlay-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface TextOverlayPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: TextOverlayPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/text-overlay", "textOverlayTitle");
}

export default async function TextOverlayPage({ params }: TextOverlayPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TextOverlayScreen />;
}

import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { FileConversionScreen } from "@/components/tools/file-conversion/file-conversion-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface ToolPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ToolPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/file-conversion", "fileConversionTitle");
}

export default async function FileConversionPage({ params }: ToolPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FileConversionScreen />;
}

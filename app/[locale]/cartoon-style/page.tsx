import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { CartoonStyleScreen } from "@/components/tools/cartoon-style/cartoon-style-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface ToolPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ToolPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/cartoon-style", "cartoonStyleTitle");
}

export default async function CartoonStylePage({ params }: ToolPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CartoonStyleScreen />;
}

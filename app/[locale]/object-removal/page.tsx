import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ObjectRemovalScreen } from "@/components/tools/object-removal/object-removal-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface ObjectRemovalPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ObjectRemovalPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/object-removal", "objectRemovalTitle");
}

export default async function ObjectRemovalPage({ params }: ObjectRemovalPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ObjectRemovalScreen />;
}

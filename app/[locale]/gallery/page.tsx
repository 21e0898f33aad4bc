import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { GalleryScreen } from "@/components/gallery/gallery-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface GalleryPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: GalleryPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/gallery", "galleryTitle");
}

export default async function GalleryPage({ params }: GalleryPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GalleryScreen />;
}

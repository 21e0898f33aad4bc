// The gallery renders per request: what shows under its title (sign in, upgrade, or the images)
// depends on who asks, and in the first paint it is the right one rather than a spinner.
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { GalleryScreen } from "@/components/gallery/gallery-screen";
import { ClientScreen } from "@/components/layout/client-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
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
  const user = await getCurrentUser();
  return (
    <ClientScreen name="gallery">
      <GalleryScreen serverTier={user ? user.tier : null} />
    </ClientScreen>
  );
}

// The metadata of a preview's own pages (/preview/access, /preview/outbox): their title, and no
// indexing or following, as they exist only on a preview.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

export function previewPageMetadata(namespace: "PreviewAccess" | "PreviewOutbox") {
  return async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale: locale as Locale, namespace });
    return { title: t("title"), robots: { index: false, follow: false } };
  };
}

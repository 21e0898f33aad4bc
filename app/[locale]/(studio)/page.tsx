import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { EditorScreen } from "@/components/editor/editor-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";
import { ClientScreen } from "@/components/layout/client-screen";

interface StudioPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: StudioPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/", "editorTitle");
}

export default async function StudioPage({ params }: StudioPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientScreen name="editor">
      <EditorScreen projectId={null} />
    </ClientScreen>
  );
}

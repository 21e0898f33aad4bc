import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { EditorScreen } from "@/components/editor/editor-screen";
import { ClientScreen } from "@/components/layout/client-screen";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface EditorPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: EditorPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/editor", "editorTitle");
}

export default async function EditorPage({ params }: EditorPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientScreen name="editor">
      <EditorScreen projectId={null} />
    </ClientScreen>
  );
}

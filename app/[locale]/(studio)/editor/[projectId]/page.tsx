import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { EditorScreen } from "@/components/editor/editor-screen";
import { ToolButtons } from "@/components/editor/tool-buttons";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";
import { ClientScreen } from "@/components/layout/client-screen";

interface ProjectPageProps {
  params: Promise<{ locale: string; projectId: string }>;
}

export async function generateMetadata({ params }: ProjectPageProps): Promise<Metadata> {
  const { locale, projectId } = await params;
  return pageMetadata(locale as Locale, `/editor/${encodeURIComponent(projectId)}`, "editorTitle");
}

export default async function ProjectPage({ params }: ProjectPageProps) {
  const { locale, projectId } = await params;
  setRequestLocale(locale);
  return (
    <ClientScreen name="editor">
      <EditorScreen projectId={projectId} tools={<ToolButtons />} />
    </ClientScreen>
  );
}

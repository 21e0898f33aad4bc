import type { Metadata } from "next";
import { placeholderPage } from "@/components/layout/placeholder-page";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

const page = placeholderPage("/editor", "editor");

export async function generateMetadata({ params }: { params: Promise<{ locale: string; projectId: string }> }): Promise<Metadata> {
  const { locale, projectId } = await params;
  return pageMetadata(locale as Locale, `/editor/${encodeURIComponent(projectId)}`, "editorTitle");
}

export default page.Page;

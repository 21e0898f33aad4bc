// /appeal/{token}: the owner of removed content appeals the decision once, from the link in their
// statement of reasons. An unknown or already used link is a 404; the page is never indexed.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientScreen } from "@/components/layout/client-screen";
import { AppealScreen } from "@/components/reports/appeal-screen";
import type { Locale } from "@/lib/i18n/locales";
import { appealableRemoval } from "@/lib/reports/appeals";

export const dynamic = "force-dynamic";

interface AppealPageProps {
  params: Promise<{ locale: string; token: string }>;
}

export async function generateMetadata({ params }: AppealPageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "Appeal" });
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** The token as the link carries it; a malformed escape is no token. */
function tokenOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

export default async function AppealPage({ params }: AppealPageProps) {
  const { locale, token: segment } = await params;
  setRequestLocale(locale);
  const token = tokenOf(segment);
  const removal = await appealableRemoval(token);
  if (!removal) notFound();
  return (
    <ClientScreen name="appeal">
      <AppealScreen token={token} url={removal.url} decidedAt={removal.decidedAt.toISOString()} />
    </ClientScreen>
  );
}

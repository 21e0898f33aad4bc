// /report: anyone reports what a Pictura address shows (a shared image's page, a file address). A
// share page's "Report" link opens it with ?url= filled in; the report itself goes to POST /api/reports.
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ClientScreen } from "@/components/layout/client-screen";
import { ReportScreen } from "@/components/reports/report-screen";
import type { Locale } from "@/lib/i18n/locales";
import { namespaceMetadata } from "@/lib/i18n/metadata";
import { REPORT_LIMITS } from "@/lib/reports/report-values";

interface ReportPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ReportPageProps): Promise<Metadata> {
  return namespaceMetadata((await params).locale as Locale, "/report", "Report");
}

export default async function ReportPage({ params, searchParams }: ReportPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const given = (await searchParams).url;
  const initialUrl = typeof given === "string" ? given.slice(0, REPORT_LIMITS.address) : "";
  return (
    <ClientScreen name="report">
      <ReportScreen initialUrl={initialUrl} />
    </ClientScreen>
  );
}

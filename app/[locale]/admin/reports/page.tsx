// /admin/reports: reports of shared content and owners' appeals, to remove, dismiss or reverse (each with a reason, audited).
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { ReportsScreen } from "@/components/admin/reports-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("reportsTitle");

export default async function ConsoleReportsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="reportsTitle" />
      <ClientScreen name="admin">
        <ReportsScreen />
      </ClientScreen>
    </>
  );
}

// /admin/audit: the audit trail, filtered, and its CSV export.
import { setRequestLocale } from "next-intl/server";
import { AuditScreen } from "@/components/admin/audit-screen";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("auditTitle");

export default async function ConsoleAuditPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="auditTitle" />
      <ClientScreen name="admin">
        <AuditScreen />
      </ClientScreen>
    </>
  );
}

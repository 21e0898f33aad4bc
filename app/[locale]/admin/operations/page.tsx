// /admin/operations: every operation with its outcome and timings; a failed one can be run again or refunded.
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { OperationsScreen } from "@/components/admin/operations-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("operationsTitle");

export default async function ConsoleOperationsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="operationsTitle" />
      <ClientScreen name="admin">
        <OperationsScreen />
      </ClientScreen>
    </>
  );
}

// /admin: the console's overview of the business (only an admin with a second factor gets past the layout).
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { OverviewScreen } from "@/components/admin/overview-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("overviewTitle");

export default async function ConsoleOverviewPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="overviewTitle" />
      <ClientScreen name="admin">
        <OverviewScreen />
      </ClientScreen>
    </>
  );
}

// What every console page shares on the server: its title (in the tab and as its heading), the
// metadata that keeps it out of search engines, and its client screen with the console's messages.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { ClientScreen } from "@/components/layout/client-screen";
import { CONSOLE_ROBOTS } from "@/lib/admin/page-gate";
import type { Locale } from "@/lib/i18n/locales";

export type ConsoleTitle = "overviewTitle" | "usersTitle" | "userTitle" | "operationsTitle" | "auditTitle" | "reviewTitle" | "reportsTitle";

export function consoleMetadata(title: ConsoleTitle) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    const t = await getTranslations({ locale: locale as Locale, namespace: "Admin" });
    return { title: t(title), robots: CONSOLE_ROBOTS };
  };
}

export async function ConsoleHeading({ title }: { title: ConsoleTitle }) {
  const t = await getTranslations("Admin");
  return <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t(title)}</h1>;
}

/**
 * A console page's metadata and page: its heading over the screen `screen` gives for the route's
 * params. A page file exports the two (`export default page.Page`).
 */
export function consolePage<Params extends { locale: string }>(title: ConsoleTitle, screen: (params: Params) => ReactNode) {
  return {
    generateMetadata: consoleMetadata(title),
    async Page({ params }: { params: Promise<Params> }) {
      const values = await params;
      setRequestLocale(values.locale);
      return (
        <>
          <ConsoleHeading title={title} />
          <ClientScreen name="admin">{screen(values)}</ClientScreen>
        </>
      );
    },
  };
}

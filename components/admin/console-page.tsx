// What every console page shares on the server: its title (in the tab and as its heading) and the
// metadata that keeps it out of search engines.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
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

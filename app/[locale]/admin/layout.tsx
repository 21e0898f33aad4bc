// The console's frame: the gate every /admin page passes first (lib/admin/page-gate.ts), then the
// console's own navigation above the page. Rendered per request, for the signed-in admin only.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/admin/console-nav";
import { assertConsoleAccess, CONSOLE_ROBOTS } from "@/lib/admin/page-gate";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: CONSOLE_ROBOTS };

export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await assertConsoleAccess(locale);
  const t = await getTranslations("Admin");
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-6">
      <ConsoleNav
        label={t("navLabel")}
        links={[
          { href: "/admin", label: t("navOverview") },
          { href: "/admin/users", label: t("navUsers") },
          { href: "/admin/operations", label: t("navOperations") },
          { href: "/admin/review", label: t("navReview") },
          { href: "/admin/reports", label: t("navReports") },
          { href: "/admin/audit", label: t("navAudit") },
        ]}
        queue={{ href: "/admin/queue", label: t("navQueue") }}
      />
      {children}
    </div>
  );
}

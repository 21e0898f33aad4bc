// /admin/users/{id}: one account, and what an operator can do to it.
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { UserDetailScreen } from "@/components/admin/user-detail-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("userTitle");

export default async function ConsoleUserPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return (
    <>
      <ConsoleHeading title="userTitle" />
      <ClientScreen name="admin">
        <UserDetailScreen userId={id} />
      </ClientScreen>
    </>
  );
}

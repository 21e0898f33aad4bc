// /admin/users: finding an account by e-mail, id or Stripe customer id.
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { UsersScreen } from "@/components/admin/users-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("usersTitle");

export default async function ConsoleUsersPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="usersTitle" />
      <ClientScreen name="admin">
        <UsersScreen />
      </ClientScreen>
    </>
  );
}

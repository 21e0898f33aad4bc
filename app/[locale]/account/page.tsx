import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AccountDataCard } from "@/components/account/account-data-card";
import { ApiKeysCard } from "@/components/account/api-keys-card";
import { MySharesCard } from "@/components/account/my-shares-card";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { EmailStatus } from "@/components/account/email-status";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { WebhooksCard } from "@/components/account/webhooks-card";
import { AccountPlan } from "@/components/billing/account-plan";
import { LedgerList } from "@/components/credits/ledger-list";
import { ClientScreen } from "@/components/layout/client-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { mailAvailable } from "@/lib/mail/mailer";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/i18n/metadata";

interface AccountPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: AccountPageProps): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata(locale as Locale, "/account", "accountTitle");
}

export default async function AccountPage({ params }: AccountPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getCurrentUser();
  if (!user) return redirect({ href: "/auth?returnTo=/account", locale });
  const t = await getTranslations("Account");
  const tp = await getTranslations("Pages");
  return (
    <ClientScreen name="account">
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{tp("accountTitle")}</h1>
        <p className="text-muted-foreground mt-2">{t("signedInAs", { email: user.email })}</p>
        <div className="mt-6 grid grid-cols-1 gap-6">
          <AccountPlan />
          <EmailStatus
            email={user.email}
            verified={user.emailVerifiedAt !== null}
            creditsHeldBack={env().REQUIRE_EMAIL_VERIFICATION && user.emailVerifiedAt === null}
            mailAvailable={mailAvailable()}
          />
          <ChangePasswordForm hasPassword={user.passwordHash !== null} />
          <TwoFactorCard hasPassword={user.passwordHash !== null} />
          <SessionList />
          <MySharesCard />
          <ApiKeysCard />
          <WebhooksCard />
          <LedgerList />
          <AccountDataCard />
        </div>
      </section>
    </ClientScreen>
  );
}

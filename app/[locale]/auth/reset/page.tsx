import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ResetPasswordScreen } from "@/components/auth/reset-password-screen";
import { ClientScreen } from "@/components/layout/client-screen";
import type { Locale } from "@/lib/i18n/locales";
import { alternates } from "@/lib/i18n/metadata";
import { mailAvailable } from "@/lib/mail/mailer";

interface ResetPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ResetPageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "PasswordReset" });
  // A page holding a token from a mail is nobody else's business.
  return { title: t("pageTitle"), alternates: alternates(locale as Locale, "/auth/reset"), robots: { index: false } };
}

export default async function ResetPage({ params, searchParams }: ResetPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  return (
    <ClientScreen name="resetPassword">
      <ResetPasswordScreen token={value?.trim() || null} mailAvailable={mailAvailable()} />
    </ClientScreen>
  );
}

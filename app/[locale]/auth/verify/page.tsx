import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { VerifyEmailScreen } from "@/components/auth/verify-email-screen";
import { ClientScreen } from "@/components/layout/client-screen";
import type { Locale } from "@/lib/i18n/locales";
import { alternates } from "@/lib/i18n/metadata";

interface VerifyPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: VerifyPageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "EmailVerification" });
  return { title: t("pageTitle"), alternates: alternates(locale as Locale, "/auth/verify"), robots: { index: false } };
}

export default async function VerifyPage({ params, searchParams }: VerifyPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  return (
    <ClientScreen name="verifyEmail">
      <VerifyEmailScreen token={value?.trim() || null} />
    </ClientScreen>
  );
}

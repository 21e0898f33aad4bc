// /verify: anyone checks an image's Content Credentials (C2PA) and AI label. The page is static; the
// check runs in POST /api/verify.
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ClientScreen } from "@/components/layout/client-screen";
import { VerifyScreen } from "@/components/verify/verify-screen";
import type { Locale } from "@/lib/i18n/locales";
import { namespaceMetadata } from "@/lib/i18n/metadata";

interface VerifyPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: VerifyPageProps): Promise<Metadata> {
  return namespaceMetadata((await params).locale as Locale, "/verify", "Verify");
}

export default async function VerifyPage({ params }: VerifyPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientScreen name="verify">
      <VerifyScreen />
    </ClientScreen>
  );
}

import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthScreen } from "@/components/auth/auth-screen";
import { isSuspensionCategory, type SuspensionCategory } from "@/lib/admin/suspended-account";
import { getCurrentUser } from "@/lib/auth/current-user";
import { safeReturnPath } from "@/lib/http/return-path";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";
import { seoMetadata } from "@/lib/i18n/metadata";
import { ClientScreen } from "@/components/layout/client-screen";
import { ReviewerSignIn } from "@/components/preview/reviewer-sign-in";
import { siteSettings } from "@/lib/settings/site";

interface AuthPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: AuthPageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale });
  return seoMetadata(locale as Locale, "/auth", { title: t("Auth.pageTitle"), description: t("Seo.authDescription") });
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const SUSPENSION_WORDS: Record<SuspensionCategory, "suspensionAbuse" | "suspensionFraud" | "suspensionSpam" | "suspensionChargeback" | "suspensionOther"> = {
  abuse: "suspensionAbuse",
  fraud: "suspensionFraud",
  spam: "suspensionSpam",
  chargeback: "suspensionChargeback",
  other: "suspensionOther",
};

/** A Google or Apple sign-in of a suspended account lands here: why, and where to write. */
async function suspendedNotice(category: string | undefined): Promise<string> {
  const [t, legal] = await Promise.all([getTranslations("Auth"), getTranslations("Legal")]);
  const words = SUSPENSION_WORDS[isSuspensionCategory(category) ? category : "other"];
  return t("accountSuspended", { category: t(words), email: legal("contactEmail") });
}

export default async function AuthPage({ params, searchParams }: AuthPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const returnTo = safeReturnPath(first(query.returnTo));
  if (await getCurrentUser()) redirect({ href: returnTo, locale });

  const t = await getTranslations("Auth");
  const error = first(query.error);
  const provider = first(query.provider) === "apple" ? "Apple" : "Google";
  const notice = !error
    ? undefined
    : error === "provider_unavailable"
      ? t("providerUnavailable", { provider })
      : error === "suspended"
        ? await suspendedNotice(first(query.category))
        : t("oauthFailed");
  return (
    <ClientScreen name="auth">
      <AuthScreen
        returnTo={returnTo}
        notice={notice}
        initialMode={query.mode === "signup" ? "signup" : "signin"}
        initialStep={first(query.step) === "code" ? "code" : undefined}
        reviewerSignIn={siteSettings().reviewers ? <ReviewerSignIn returnTo={returnTo} /> : undefined}
      />
    </ClientScreen>
  );
}

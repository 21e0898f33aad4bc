import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Card, CardContent } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/current-user";
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
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{tp("accountTitle")}</h1>
      <p className="text-muted-foreground mt-2">{t("signedInAs", { email: user.email })}</p>
      <Card className="mt-6">
        <CardContent className="grid grid-cols-2 gap-4 pt-6">
          <div>
            <p className="text-muted-foreground text-sm">{t("plan")}</p>
            <p className="text-xl font-semibold">{t(`tier_${user.tier}`)}</p>
          </div>
          <div>
            <p className="text-muted-foreground text-sm">{t("credits")}</p>
            <p className="text-xl font-semibold" data-testid="account-credits">{user.credits}</p>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

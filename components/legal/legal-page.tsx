// The Privacy Policy, Terms & Conditions and Contact Us pages: a title and paragraphs of translated text.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { alternates } from "@/lib/i18n/metadata";

interface LegalPageProps {
  params: Promise<{ locale: string }>;
}

export function legalPage(path: string, titleKey: string, paragraphKeys: string[], contact = false) {
  return {
    async generateMetadata({ params }: LegalPageProps): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale: locale as Locale, namespace: "Legal" });
      return { title: t(titleKey as never), alternates: alternates(locale as Locale, path) };
    },
    async Page({ params }: LegalPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      const t = await getTranslations("Legal");
      return (
        <article className="mx-auto w-full max-w-3xl px-4 py-10 leading-relaxed">
          <h1 className="text-3xl font-bold tracking-tight">{t(titleKey as never)}</h1>
          {!contact && <p className="text-muted-foreground mt-2 text-sm">{t("updated")}</p>}
          <div className="mt-6 grid gap-4">
            {paragraphKeys.map((key) => (
              <p key={key}>{t(key as never)}</p>
            ))}
            {contact && (
              <p>
                <span className="font-medium">{t("contactEmailLabel")}: </span>
                <a className="text-primary underline" href={`mailto:${t("contactEmail")}`}>
                  {t("contactEmail")}
                </a>
              </p>
            )}
          </div>
        </article>
      );
    },
  };
}

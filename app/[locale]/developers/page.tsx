import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ApiReference } from "@/components/developers/api-reference";
import { DeveloperGuide } from "@/components/developers/developer-guide";
import { canonicalOrigin } from "@/lib/http/app-origin";
import type { Locale } from "@/lib/i18n/locales";
import { namespaceMetadata } from "@/lib/i18n/metadata";

interface DevelopersPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: DevelopersPageProps): Promise<Metadata> {
  return namespaceMetadata((await params).locale as Locale, "/developers", "Developers");
}

// The developer guide and the API reference: the guide is plain server-rendered text, and the
// reference (Scalar) loads in the browser when its section comes into view.
export default async function DevelopersPage({ params }: DevelopersPageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("Developers");
  return (
    <article className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-10 leading-relaxed">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </header>
      <DeveloperGuide origin={canonicalOrigin()} />
      <section id="reference" aria-labelledby="reference-title" className="grid scroll-mt-20 gap-3">
        <h2 id="reference-title" className="text-2xl font-semibold tracking-tight">
          {t("referenceTitle")}
        </h2>
        <p>
          {t.rich("referenceBody", {
            download: (chunks) => (
              <a className="text-primary underline" href="/api/openapi.json" download="pictura-openapi.json">
                {chunks}
              </a>
            ),
          })}
        </p>
        <ApiReference documentUrl="/api/openapi.json" loadingLabel={t("referenceLoading")} />
      </section>
    </article>
  );
}

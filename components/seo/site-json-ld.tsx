// The home page's structured data: Pictura itself as a WebApplication, its plans as offers.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { absoluteUrl, siteName } from "@/lib/i18n/metadata";
import { JsonLd, webApplication } from "./json-ld";
import { planOffers, purchasablePlans } from "./plan-offers";

export async function SiteJsonLd({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Metadata" });
  const offers = planOffers(await purchasablePlans(), absoluteUrl(localizedPath(locale, "/subscription")));
  return (
    <JsonLd
      data={webApplication({ name: await siteName(locale), description: t("description"), url: absoluteUrl(localizedPath(locale, "/")), locale, offers })}
    />
  );
}

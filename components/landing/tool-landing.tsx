// The words below a tool: how it works in three steps, what it is good for, questions and answers,
// and links to the other tools, with the page's structured data (WebApplication with the plans as
// offers, BreadcrumbList, FAQPage). Server-rendered text and plain links below the tool, so the tool
// stays the first thing on a phone and the section adds no JavaScript.
import { getTranslations } from "next-intl/server";
import { breadcrumbList, faqPage, JsonLd, webApplication } from "@/components/seo/json-ld";
import { planOffers, purchasablePlans } from "@/components/seo/plan-offers";
import { toolContent } from "@/components/seo/tool-content";
import type { ToolKey } from "@/components/seo/tool-pages";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { absoluteUrl } from "@/lib/i18n/metadata";

export async function ToolLanding({ locale, tool }: { locale: Locale; tool: ToolKey }) {
  const t = await getTranslations({ locale, namespace: "Landing" });
  const content = await toolContent(locale, tool);
  const url = absoluteUrl(localizedPath(locale, content.page.path));
  const offers = planOffers(await purchasablePlans(), absoluteUrl(localizedPath(locale, "/subscription")));
  return (
    <section aria-labelledby="landing-how" className="border-border mx-auto w-full max-w-4xl border-t px-4 py-12 leading-relaxed">
      <JsonLd data={webApplication({ name: content.name, description: content.description, url, locale, offers })} />
      <JsonLd
        data={breadcrumbList([
          { name: t("breadcrumbHome"), url: absoluteUrl(localizedPath(locale, "/")) },
          { name: content.name, url },
        ])}
      />
      <JsonLd data={faqPage(content.faq, locale)} />
      <p className="text-lg">{content.intro}</p>
      <h2 id="landing-how" className="mt-10 text-2xl font-semibold tracking-tight">
        {t("howTitle")}
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {content.steps.map((step, index) => (
          <li key={index} className="bg-muted/40 flex gap-3 rounded-lg border p-4">
            <span
              aria-hidden
              className="bg-primary text-primary-foreground flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
            >
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-2xl font-semibold tracking-tight">{t("goodForTitle")}</h2>
      <p className="mt-3">{content.goodFor}</p>
      <h2 className="mt-10 text-2xl font-semibold tracking-tight">{t("faqTitle")}</h2>
      <div className="mt-4 grid gap-5">
        {content.faq.map(({ question, answer }) => (
          <div key={question}>
            <h3 className="font-semibold">{question}</h3>
            <p className="text-muted-foreground mt-1">{answer}</p>
          </div>
        ))}
      </div>
      <nav aria-labelledby="landing-more-tools" className="mt-10">
        <h2 id="landing-more-tools" className="text-2xl font-semibold tracking-tight">
          {t("moreToolsTitle")}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {content.neighbours.map((neighbour) => (
            <li key={neighbour.path}>
              <a href={localizedPath(locale, neighbour.path)} className="hover:bg-muted inline-block rounded-full border px-4 py-2 text-sm font-medium">
                {neighbour.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

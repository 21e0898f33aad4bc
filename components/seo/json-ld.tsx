// schema.org structured data as JSON-LD, rendered on the server into the page: no client code. `<`
// is escaped so no text in it (a translation, a plan name) can close the script element.
import type { Locale } from "@/lib/i18n/locales";
import type { QuestionAndAnswer } from "./tool-content";
import type { SchemaOffer } from "./plan-offers";

type JsonLdData = Record<string, unknown>;

export function JsonLd({ data }: { data: JsonLdData }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

export function webApplication(input: { name: string; description: string; url: string; locale: Locale; offers: SchemaOffer[] }): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "WebApplication",
    name: input.name,
    description: input.description,
    url: input.url,
    inLanguage: input.locale,
    applicationCategory: "MultimediaApplication",
    operatingSystem: "Any",
    browserRequirements: "Requires JavaScript",
    ...(input.offers.length > 0 ? { offers: input.offers } : {}),
  };
}

export function breadcrumbList(items: Array<{ name: string; url: string }>): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}

export function faqPage(questions: QuestionAndAnswer[], locale: Locale): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale,
    mainEntity: questions.map(({ question, answer }) => ({ "@type": "Question", name: question, acceptedAnswer: { "@type": "Answer", text: answer } })),
  };
}

// A tool landing page's words in one language, with the figures filled in from the code: what the
// page shows below the tool, what its FAQPage data repeats, and its title and description.
import "server-only";
import { getTranslations } from "next-intl/server";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import type { Locale } from "@/lib/i18n/locales";
import { formatNames, MAX_UPLOAD_MEGABYTES, TOOL_PAGES, toolPage, type ToolKey, type ToolPage } from "./tool-pages";

export interface QuestionAndAnswer {
  question: string;
  answer: string;
}

export interface ToolContent {
  page: ToolPage;
  /** The tool's name, as its screen and the header call it. */
  name: string;
  title: string;
  description: string;
  intro: string;
  steps: [string, string, string];
  goodFor: string;
  faq: QuestionAndAnswer[];
  /** The other tools, for the "more tools" links. */
  neighbours: Array<{ path: string; name: string }>;
}

type Values = Record<string, string | number>;

export async function toolContent(locale: Locale, key: ToolKey): Promise<ToolContent> {
  const page = toolPage(key);
  const t = await getTranslations({ locale });
  const translate = (messageKey: string) => t(messageKey as never);
  const list = (items: string[]) => new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items);
  const values: Values = {
    ...Object.fromEntries(Object.entries(page.labels).map(([name, messageKey]) => [name, translate(messageKey)])),
    ...page.facts?.(translate, list),
  };
  const tool = (name: string) => t(`Landing.tools.${key}.${name}` as never, values as never);
  const common = (name: string, extra: Values = {}) => t(`Landing.${name}` as never, extra as never);
  const nameOf = (toolKey: ToolKey) => translate(`Pages.${toolKey}Title`);
  return {
    page,
    name: nameOf(key),
    title: tool("title"),
    description: tool("description"),
    intro: tool("intro"),
    steps: [tool("step1"), tool("step2"), tool("step3")],
    goodFor: tool("goodFor"),
    faq: [
      { question: common("formatsQuestion"), answer: common("formatsAnswer", { formats: list(formatNames(page.formats)) }) },
      { question: common("limitsQuestion"), answer: common("limitsAnswer", { maxMegabytes: MAX_UPLOAD_MEGABYTES }) },
      { question: common("privacyQuestion"), answer: common(page.onDevice ? "privacyAnswerOnDevice" : "privacyAnswer") },
      {
        question: common("costQuestion"),
        answer: page.cost > 0 ? common("costAnswer", { cost: page.cost, trialCredits: TRIAL_CREDITS }) : common("costAnswerFree"),
      },
      { question: tool("question"), answer: tool("answer") },
    ],
    neighbours: TOOL_PAGES.filter((other) => other.key !== key).map((other) => ({ path: other.path, name: nameOf(other.key) })),
  };
}

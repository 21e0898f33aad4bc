// The mails of the notice-and-action process (EU Digital Services Act, Arts. 16 and 17), in the
// reader's language: the reporter's receipt and the outcome of their report, the owner's statement
// of reasons with its appeal link, and the outcome of the owner's appeal. Their words live in
// messages/{locale}.json under "Mail", as every other mail's (lib/mail/templates.ts).
import "server-only";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import type { Mail } from "./mail";
import { escapeHtml, fill, mailTexts } from "./templates";

interface FactsMail {
  to: string;
  name: string | null;
  locale: string;
  /** The keys of the subject and the paragraphs before and after the facts (Mail.*), filled with `values`. */
  subject: string;
  before: string[];
  facts: Array<[labelKey: string, value: string]>;
  after: string[];
  values: Record<string, string>;
  link?: { href: string; labelKey: string };
}

const BUTTON = "display: inline-block; background: #6d28d9; color: #fff; padding: 10px 18px; border-radius: 8px; text-decoration: none";

/** A greeting, paragraphs, a list of facts, an optional button, more paragraphs and the signature, as text and HTML. */
function factsMail(mail: FactsMail): Mail {
  const language = isLocale(mail.locale) ? mail.locale : defaultLocale;
  const texts = mailTexts(language);
  const t = (key: string) => fill(texts[key] ?? key, mail.values);
  const greeting = fill(texts.greeting!, { name: mail.name || mail.to });
  const facts = mail.facts.map(([label, value]) => [t(label), value] as const);
  const before = mail.before.map(t);
  const after = mail.after.map(t);
  const text = [
    greeting,
    "",
    ...before.flatMap((paragraph) => [paragraph, ""]),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(mail.link ? [t(mail.link.labelKey), mail.link.href, ""] : []),
    ...after.flatMap((paragraph) => [paragraph, ""]),
    texts.signature,
  ].join("\n");
  const paragraphs = (list: string[]) => list.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n");
  const button = mail.link
    ? `<p><a href="${escapeHtml(mail.link.href)}" style="${BUTTON}">${escapeHtml(t(mail.link.labelKey))}</a></p>
<p style="font-size: 13px; color: #555">${escapeHtml(texts.linkFallback!)}<br><a href="${escapeHtml(mail.link.href)}">${escapeHtml(mail.link.href)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 560px; margin: 0 auto; padding: 24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs(before)}
<dl>${facts.map(([label, value]) => `<dt style="font-weight: 600">${escapeHtml(label)}</dt><dd style="margin: 0 0 8px">${escapeHtml(value)}</dd>`).join("")}</dl>
${button}
${paragraphs(after)}
<p>${escapeHtml(texts.signature!)}</p>
</body></html>`;
  return { to: mail.to, subject: t(mail.subject), text, html };
}

const categoryText = (locale: string, category: string) => mailTexts(isLocale(locale) ? locale : defaultLocale)[`reportCategory_${category}`] ?? category;

interface ReporterMail {
  to: string;
  name: string | null;
  locale: string;
  url: string;
  category: string;
  reportId: string;
}

/** What each mail to a reporter says of their report: the address, its category and the reference. */
const reportFacts = (input: ReporterMail): FactsMail["facts"] => [
  ["reportAddress", input.url],
  ["reportCategory", categoryText(input.locale, input.category)],
  ["reportReference", input.reportId],
];

/** The reporter's receipt: what they reported, under which category, and that they will hear the outcome. */
export const reportReceiptMail = (input: ReporterMail): Mail =>
  factsMail({
    ...input,
    subject: "reportReceiptSubject",
    before: ["reportReceiptBody"],
    facts: reportFacts(input),
    after: ["reportReceiptNext"],
    values: {},
  });

/** The reporter told what was decided: removed, or left as it is. */
export const reportOutcomeMail = (input: ReporterMail & { outcome: "removed" | "dismissed" }): Mail =>
  factsMail({
    ...input,
    subject: "reportOutcomeSubject",
    before: [input.outcome === "removed" ? "reportOutcomeRemoved" : "reportOutcomeDismissed"],
    facts: reportFacts(input),
    after: ["reportOutcomeThanks"],
    values: {},
  });

export interface ShareRemovalStatement {
  to: string;
  name: string | null;
  locale: string;
  /** The address that was reported and is now gone. */
  url: string;
  createdAt: Date;
  /** The rule the removal applies: a report category. */
  rule: string;
  explanation: string;
  appealLink: string;
  supportAddress: string;
}

/**
 * The owner's statement of reasons (DSA Art. 17): what was removed, which rule, the explanation, that
 * a person's notice found it and a person decided (no automated means), and the link to appeal once.
 */
export function shareRemovalStatementMail(input: ShareRemovalStatement): Mail {
  const language = isLocale(input.locale) ? input.locale : defaultLocale;
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(input.createdAt);
  const texts = mailTexts(language);
  return factsMail({
    ...input,
    subject: "shareRemovalSubject",
    before: ["shareRemovalBody"],
    facts: [
      ["removalWhat", fill(texts.shareRemovalWhatValue!, { url: input.url, date: `${date} UTC` })],
      ["shareRemovalRule", texts[`shareRemovalRule_${input.rule}`] ?? input.rule],
      ["removalExplanation", input.explanation],
      ["removalDetection", texts.shareRemovalDetected!],
      ["removalDecision", texts.removalDecidedByPerson!],
    ],
    link: { href: input.appealLink, labelKey: "shareRemovalAppealButton" },
    after: ["shareRemovalAppeal", "shareRemovalOtherRemedies"],
    values: { email: input.supportAddress },
  });
}

/** The owner told how their appeal was decided: the removal stands, or the share and file are back. */
export const appealOutcomeMail = (input: {
  to: string;
  name: string | null;
  locale: string;
  url: string;
  outcome: "upheld" | "reversed";
  explanation: string;
}): Mail =>
  factsMail({
    ...input,
    subject: input.outcome === "reversed" ? "appealReversedSubject" : "appealUpheldSubject",
    before: [input.outcome === "reversed" ? "appealReversedBody" : "appealUpheldBody"],
    facts: [
      ["reportAddress", input.url],
      ["removalExplanation", input.explanation],
    ],
    after: [input.outcome === "reversed" ? "appealReversedNext" : "appealUpheldNext"],
    values: {},
  });

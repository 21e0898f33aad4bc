// The mails Pictura sends, in the account's language, as plain text and simple HTML. Their words
// live in messages/{locale}.json under "Mail", beside every other text of the interface.
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import type { Mail } from "./mail";

type MailTexts = Record<string, string>;
const loaded = new Map<Locale, { Mail: MailTexts; Pages: MailTexts }>();

function messagesOf(locale: Locale): { Mail: MailTexts; Pages: MailTexts } {
  let messages = loaded.get(locale);
  if (!messages) {
    const file = path.join(process.cwd(), "messages", `${locale}.json`);
    messages = JSON.parse(readFileSync(file, "utf8")) as { Mail: MailTexts; Pages: MailTexts };
    loaded.set(locale, messages);
  }
  return messages;
}

export const mailTexts = (locale: Locale): MailTexts => messagesOf(locale).Mail;

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface LinkMail {
  to: string;
  name: string;
  locale: string;
  link: string;
}

function linkMail(kind: "verify" | "reset" | "webhookDisabled", { to, name, locale, link }: LinkMail, values: Record<string, string> = {}): Mail {
  const language = isLocale(locale) ? locale : defaultLocale;
  const texts = mailTexts(language);
  const t = (key: string) => fill(texts[`${kind}${key}`] ?? texts[key] ?? key, { ...values, name });
  const greeting = fill(texts.greeting!, { name: name || to });
  const paragraphs = [t("Body"), t("Ignore")];
  const text = [greeting, "", paragraphs[0], "", link, "", paragraphs[1], "", texts.signature].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 560px; margin: 0 auto; padding: 24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs[0]!)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; background: #6d28d9; color: #fff; padding: 10px 18px; border-radius: 8px; text-decoration: none">${escapeHtml(t("Button"))}</a></p>
<p style="font-size: 13px; color: #555">${escapeHtml(texts.linkFallback!)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(paragraphs[1]!)}</p>
<p>${escapeHtml(texts.signature!)}</p>
</body></html>`;
  return { to, subject: t("Subject"), text, html };
}

export const verificationMail = (input: LinkMail): Mail => linkMail("verify", input);
export const passwordResetMail = (input: LinkMail): Mail => linkMail("reset", input);
/** An endpoint was switched off after `failures` deliveries in a row failed; the link opens the Account page's webhooks. */
export const webhookDisabledMail = ({ url, failures, ...input }: LinkMail & { url: string; failures: number }): Mail =>
  linkMail("webhookDisabled", input, { url, failures: String(failures) });

export interface RemovalStatement {
  to: string;
  name: string;
  locale: string;
  /** The tool's id in the registry (lib/tools/registry.ts), named as its page is in the owner's language. */
  tool: string;
  createdAt: Date;
  operationId: string;
  /** One of REMOVAL_CATEGORIES (lib/admin/console-values.ts). */
  category: string;
  explanation: string;
  /** Whether software found the picture (the image check's flag), and whether a person decided. */
  detectedAutomatically: boolean;
  decidedAutomatically: boolean;
  supportAddress: string;
}

/**
 * The statement of reasons a removal owes its owner (EU Digital Services Act, Art. 17): what was
 * removed, on what grounds and why, how it was found and who decided, and how to contest it.
 */
export function removalStatementMail(input: RemovalStatement): Mail {
  const language = isLocale(input.locale) ? input.locale : defaultLocale;
  const texts = mailTexts(language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(input.createdAt);
  const pages = messagesOf(language).Pages;
  const tool = pages[`${input.tool}Title`] ?? (input.tool === "generate" || input.tool === "edit" ? pages.editorTitle : undefined) ?? input.tool;
  const values = { tool, date: `${date} UTC`, operation: input.operationId, email: input.supportAddress };
  const t = (key: string) => fill(texts[key] ?? key, values);
  const greeting = fill(texts.greeting!, { name: input.name || input.to });
  const facts: Array<[string, string]> = [
    [t("removalWhat"), t("removalWhatValue")],
    [t("removalGround"), t(`removalCategory_${input.category}`)],
    [t("removalExplanation"), input.explanation],
    [t("removalDetection"), t(input.detectedAutomatically ? "removalDetectedAutomatically" : "removalDetectedByPerson")],
    [t("removalDecision"), t(input.decidedAutomatically ? "removalDecidedAutomatically" : "removalDecidedByPerson")],
  ];
  const paragraphs = [t("removalBody"), t("removalRefund"), t("removalAppeal")];
  const text = [
    greeting,
    "",
    paragraphs[0],
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    paragraphs[1],
    "",
    paragraphs[2],
    "",
    texts.signature,
  ].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 560px; margin: 0 auto; padding: 24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs[0]!)}</p>
<dl>${facts.map(([label, value]) => `<dt style="font-weight: 600">${escapeHtml(label)}</dt><dd style="margin: 0 0 8px">${escapeHtml(value)}</dd>`).join("")}</dl>
<p>${escapeHtml(paragraphs[1]!)}</p>
<p>${escapeHtml(paragraphs[2]!).replace(escapeHtml(input.supportAddress), `<a href="mailto:${escapeHtml(input.supportAddress)}">${escapeHtml(input.supportAddress)}</a>`)}</p>
<p>${escapeHtml(texts.signature!)}</p>
</body></html>`;
  return { to: input.to, subject: t("removalSubject"), text, html };
}

// The mails Pictura sends, in the account's language, as plain text and simple HTML. Their words
// live in messages/{locale}.json under "Mail", beside every other text of the interface.
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import type { Mail } from "./mail";

type MailTexts = Record<string, string>;
const loaded = new Map<Locale, MailTexts>();

function mailTexts(locale: Locale): MailTexts {
  let texts = loaded.get(locale);
  if (!texts) {
    const file = path.join(process.cwd(), "messages", `${locale}.json`);
    texts = (JSON.parse(readFileSync(file, "utf8")) as { Mail: MailTexts }).Mail;
    loaded.set(locale, texts);
  }
  return texts;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

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

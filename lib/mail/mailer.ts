// Sends mail over SMTP (SMTP_URL, from MAIL_FROM). Without SMTP_URL, development prints each mail
// with its links to the server log, and production has no mail: the features that need it say so.
// A preview never sends: each mail goes to its outbox (lib/preview/outbox.ts), even with SMTP_URL set.
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env, isProduction } from "@/lib/env";
import { ServiceUnavailableError } from "@/lib/errors";
import { storeInOutbox } from "@/lib/preview/outbox";
import { siteSettings } from "@/lib/settings/site";
import type { Mail } from "./mail";
import { logger } from "@/lib/observability/log";
import { recordMailSend } from "@/lib/observability/metrics";

const log = logger("mail");

export type { Mail };

export const MAIL_UNAVAILABLE_MESSAGE = "E-mail is not available on this site right now, so this cannot be done. Please contact support.";

/** Whether mail can reach people: an SMTP server is set, or the log (development) or outbox (a preview) stands in. */
export function mailAvailable(): boolean {
  return siteSettings().mailOutbox || Boolean(env().SMTP_URL) || !isProduction();
}

export function assertMailAvailable(): void {
  if (!mailAvailable()) throw new ServiceUnavailableError(MAIL_UNAVAILABLE_MESSAGE, "mail_unavailable");
}

let transport: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

function sender(): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  const host = env().APP_URL ? new URL(env().APP_URL!).hostname : "localhost";
  return `Pictura <no-reply@${host}>`;
}

export async function sendMail(mail: Mail): Promise<void> {
  assertMailAvailable();
  if (siteSettings().mailOutbox) {
    await storeInOutbox(mail);
    return recordMailSend("outbox");
  }
  const url = env().SMTP_URL;
  if (!url) {
    recordMailSend("printed");
    // Tests without a mail server read nothing; a developer reads the mail and its links in the
    // terminal. Its links open an account, so the mail is printed beside the log, never in it: logs
    // are collected and kept, and this only happens outside production (mailAvailable).
    if (env().NODE_ENV !== "test") {
      log.info({ to: mail.to, subject: mail.subject }, "SMTP_URL is not set: this mail is printed below instead of sent");
      process.stdout.write(`\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n\n`);
    }
    return;
  }
  try {
    await smtpTransport(url).sendMail({ from: sender(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (error) {
    recordMailSend("failed");
    throw error;
  }
  recordMailSend("sent");
}

/**
 * Sends without holding up the answer: a slow or failing mail server must not make a sign-up fail,
 * nor let response times tell whether an address has an account. Failures are logged.
 */
export function sendMailInBackground(mail: () => Promise<Mail | null>): void {
  void (async () => {
    const built = await mail();
    if (built) await sendMail(built);
  })().catch((error: unknown) => log.error({ err: error }, "sending failed"));
}

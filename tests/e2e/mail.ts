// The browser tests' inbox: the fake SMTP server (tests/fakes/smtp-server.ts, started by Playwright)
// files every mail the app sends in E2E_MAIL_DIR; tests wait there for the one they expect.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { FAKE_SMTP_PORT } from "./server-env";

export { FAKE_SMTP_PORT };

export const E2E_MAIL_DIR = process.env.FAKE_SMTP_DIR ?? path.join(os.tmpdir(), `pictura-e2e-mail-${FAKE_SMTP_PORT}`);

function addresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ""));
}

/** The newest mail to `address` whose subject matches, waiting for it to arrive. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(E2E_MAIL_DIR).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(E2E_MAIL_DIR, file)));
      if (addresses(mail).includes(address.toLowerCase()) && subject.test(mail.subject ?? "")) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} with a subject like ${subject} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in the mail's text that leads to `pathname`. */
export function linkTo(mail: ParsedMail, pathname: string): string {
  const link = [...(mail.text ?? "").matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((url) => new URL(url).pathname.endsWith(pathname));
  if (!link) throw new Error(`The mail has no link to ${pathname}`);
  return link;
}

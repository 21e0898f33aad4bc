// A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, parsed by mailparser,
// so tests read the mails the app sent exactly as a mail client would.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface Mailbox {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The first mail to `address` that arrives (or has arrived) after `since` mails, within `timeoutMs`. */
  waitFor(address: string, options?: { timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
            const mail = { to, raw, parsed };
            received.push(mail);
            options.onMail?.(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  function waitFor(address: string, { timeoutMs = 10_000, since = 0 } = {}): Promise<ReceivedMail> {
    const wanted = address.toLowerCase();
    const find = () => received.slice(since).find((mail) => mail.to.includes(wanted));
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No mail to ${address} arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's plain text that points at `path` (its localized form included). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const text = mail.parsed.text ?? "";
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path || url.pathname.endsWith(path)) return url;
  }
  throw new Error(`The mail has no link to ${path}:\n${text}`);
}

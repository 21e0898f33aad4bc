// A preview's mail: every mail the app would send is stored here instead (lib/mail/mailer.ts), so
// nothing leaves a preview, whatever SMTP_URL says, and reviewers read it at /preview/outbox to
// follow its links (address verification, password reset).
import "server-only";
import { db } from "@/lib/db";
import type { OutboxMail } from "@/lib/generated/prisma/client";
import type { Mail } from "@/lib/mail/mail";

/** The most mails the outbox page lists: a preview lives days, not years. */
export const OUTBOX_PAGE_SIZE = 100;

export async function storeInOutbox(mail: Mail): Promise<void> {
  await db.outboxMail.create({ data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html } });
}

/** The newest mails first. */
export async function listOutbox(limit = OUTBOX_PAGE_SIZE): Promise<OutboxMail[]> {
  return db.outboxMail.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
}

// A preview's mail: every mail the app would send is stored here instead (lib/mail/mailer.ts), so
// nothing leaves a preview, whatever SMTP_URL says. /preview/outbox shows each account the mail
// addressed to itself (lib/preview/outbox-view.ts), so it can follow its own links (address
// verification, password reset); only the team, who know PREVIEW_PASSWORD, read every account's.
import "server-only";
import { db } from "@/lib/db";
import type { OutboxMail, User } from "@/lib/generated/prisma/client";
import type { Mail } from "@/lib/mail/mail";

/** The most mails the outbox page lists: a preview lives days, not years. */
export const OUTBOX_PAGE_SIZE = 100;

const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

export async function storeInOutbox(mail: Mail): Promise<void> {
  await db.outboxMail.create({ data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html } });
}

/**
 * The mail addressed to this account, newest first: its address in any letter case (the app keeps
 * addresses in lower case, but a mail names whatever it was given), and only since the account was
 * made, since an address freed by a deleted account may be taken again by someone else. Compared
 * with lower() = lower(), not Prisma's case-insensitive mode: that is ILIKE, where the "_" an address
 * may hold matches any letter, and vict_m@… would read victim@…'s mail.
 */
export async function listOutboxOf(user: Pick<User, "email" | "createdAt">, limit = OUTBOX_PAGE_SIZE): Promise<OutboxMail[]> {
  return db.$queryRaw<OutboxMail[]>`
    SELECT "id", "to", "subject", "text", "html", "createdAt" FROM "preview_outbox"
    WHERE lower("to") = lower(${user.email}) AND "createdAt" >= ${user.createdAt}
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${limit}`;
}

/** Every account's mail, newest first: for the team only (lib/preview/outbox-view.ts decides). */
export async function listWholeOutbox(limit = OUTBOX_PAGE_SIZE): Promise<OutboxMail[]> {
  return db.outboxMail.findMany({ orderBy: NEWEST_FIRST, take: limit });
}

// The mails a decision sends once it is stored: the reporter hears the outcome (when they gave an
// e-mail address), the owner gets a statement of reasons with the appeal link, and later the outcome
// of their appeal. A failed mail is logged and the decision stands: it is in the audit trail, and a
// mail can be sent again by hand from there.
import "server-only";
import { SUPPORT_ADDRESS } from "@/lib/admin/suspended-account";
import { db } from "@/lib/db";
import { localizedPath } from "@/lib/i18n/pages";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import type { Mail } from "@/lib/mail/mail";
import { sendMail } from "@/lib/mail/mailer";
import { appealOutcomeMail, reportOutcomeMail, shareRemovalStatementMail } from "@/lib/mail/report-mails";
import { logger } from "@/lib/observability/log";

const log = logger("reports");

async function sent(mail: Mail, what: string, reportId: string): Promise<boolean> {
  try {
    await sendMail(mail);
    return true;
  } catch (error) {
    log.error({ err: error, reportId }, `could not mail ${what}`);
    return false;
  }
}

interface DecidedReport {
  id: string;
  url: string;
  category: string;
  locale: string;
  reporterName: string | null;
  reporterEmail: string | null;
}

export async function tellReporter(report: DecidedReport, outcome: "removed" | "dismissed"): Promise<boolean> {
  if (!report.reporterEmail) return false;
  const mail = reportOutcomeMail({
    to: report.reporterEmail,
    name: report.reporterName,
    locale: report.locale,
    url: report.url,
    category: report.category,
    reportId: report.id,
    outcome,
  });
  return sent(mail, "a report's outcome", report.id);
}

interface Recipient {
  to: string;
  name: string | null;
  locale: string;
}

/** Mails the owner of shared content what `compose` writes to them, in their language; false when the account is gone or the mail failed. */
async function mailOwner(ownerId: string, what: string, reportId: string, compose: (owner: Recipient) => Mail): Promise<boolean> {
  const owner = await db.user.findUnique({ where: { id: ownerId }, select: { email: true, firstName: true, locale: true } });
  if (!owner) return false;
  return sent(compose({ to: owner.email, name: owner.firstName, locale: owner.locale }), what, reportId);
}

/** The address of the appeal page in the owner's language, on the site's origin. */
export function appealLink(origin: string, locale: string, token: string): string {
  return `${origin}${localizedPath(isLocale(locale) ? locale : defaultLocale, `/appeal/${token}`)}`;
}

export async function sendStatementOfReasons(input: {
  reportId: string;
  ownerId: string;
  url: string;
  createdAt: Date;
  rule: string;
  explanation: string;
  origin: string;
  appealToken: string;
}): Promise<boolean> {
  return mailOwner(input.ownerId, "the statement of reasons", input.reportId, (owner) =>
    shareRemovalStatementMail({
      ...owner,
      url: input.url,
      createdAt: input.createdAt,
      rule: input.rule,
      explanation: input.explanation,
      appealLink: appealLink(input.origin, owner.locale, input.appealToken),
      supportAddress: SUPPORT_ADDRESS,
    }),
  );
}

export async function tellAppellant(input: {
  reportId: string;
  ownerId: string;
  url: string;
  outcome: "upheld" | "reversed";
  explanation: string;
}): Promise<boolean> {
  return mailOwner(input.ownerId, "an appeal's outcome", input.reportId, (owner) =>
    appealOutcomeMail({ ...owner, url: input.url, outcome: input.outcome, explanation: input.explanation }),
  );
}

// A notice from anyone about what one of our addresses shows (EU Digital Services Act, Art. 16): the
// address is resolved to the share or file it shows, the report is stored, a report in the minors
// category hides the share at once until an operator decides, and a reporter who gave an e-mail
// address gets a receipt in their language. The mail is sent after the report is stored: a mail
// failure never loses a report.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import { sendMail } from "@/lib/mail/mailer";
import { reportReceiptMail } from "@/lib/mail/report-mails";
import { logger } from "@/lib/observability/log";
import type { ReportInput } from "@/lib/validation/reports";
import { MINORS_CATEGORY } from "./report-values";
import { resolveReportTarget } from "./target";

const log = logger("reports");

export interface ReportReceipt {
  id: string;
  status: "open";
  /** Whether the share was hidden at once, pending review (the minors category). */
  hidden: boolean;
  /** Whether a receipt went to the reporter's e-mail address. */
  mailed: boolean;
}

function checkReporter(input: ReportInput): void {
  if (input.goodFaith !== true) {
    throw new BadRequestError("Confirm that you make this report in good faith and that it is accurate.", "good_faith_required");
  }
  if (input.category !== MINORS_CATEGORY && (!input.name || !input.email)) {
    throw new BadRequestError(
      "Give your name and e-mail address; only a report of sexual content involving minors may be anonymous.",
      "reporter_contact_required",
    );
  }
}

export async function submitReport(input: ReportInput, client: { origin: string; locale: Locale }): Promise<ReportReceipt> {
  checkReporter(input);
  const target = await resolveReportTarget(input.url, client.origin);
  const locale = input.locale ?? client.locale;
  const hides = input.category === MINORS_CATEGORY && target.shareId !== null;
  const { report, hidden } = await db.$transaction(async (tx) => {
    const report = await tx.report.create({
      data: {
        url: input.url,
        shareId: target.shareId,
        fileId: target.fileId,
        category: input.category,
        explanation: input.explanation,
        reporterName: input.name ?? null,
        reporterEmail: input.email?.toLowerCase() ?? null,
        locale,
        goodFaith: true,
      },
    });
    // Hidden from the moment the report is stored; an earlier hiding keeps its time.
    const hidden = hides ? await tx.share.updateMany({ where: { id: target.shareId!, hiddenAt: null }, data: { hiddenAt: report.createdAt } }) : null;
    return { report, hidden: hides && hidden !== null };
  });
  let mailed = false;
  if (report.reporterEmail) {
    try {
      await sendMail(
        reportReceiptMail({
          to: report.reporterEmail,
          name: report.reporterName,
          locale,
          url: report.url,
          category: report.category,
          reportId: report.id,
        }),
      );
      mailed = true;
    } catch (error) {
      log.error({ err: error, reportId: report.id }, "could not mail a report's receipt");
    }
  }
  return { id: report.id, status: "open", hidden, mailed };
}

// An operator's decision on a report. Remove takes the content down at once: the share is revoked and
// the picture hidden (its served copy and the private file it was made from get removedAt, which every
// address that serves files refuses), and so is every other copy and share of the same picture its
// owner keeps; the bytes are kept so an appeal can bring them back, the owner is mailed a statement of
// reasons with a one-time appeal link (its hash kept on the report), and the reporter is told. Dismiss
// leaves the content as it is, shows again a share that a minors report hid (unless another such
// report is still open) and tells the reporter. A removal settles every other open report of what it
// took down with it: the content they name is gone, each of their reporters is told so, and the owner
// gets one statement and one appeal, not one a report. One decision per report: the update only takes
// an open one, so a second decision, however close, is a 409.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { checkedReason } from "@/lib/admin/reason";
import { suspendAccount, type SuspensionOutcome } from "@/lib/admin/suspension";
import type { SuspensionCategory } from "@/lib/admin/suspended-account";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReportDecisionInput } from "@/lib/validation/reports";
import { sendStatementOfReasons, tellReporter } from "./notify";
import { MINORS_CATEGORY } from "./report-values";

export const hashAppealToken = (token: string) => createHash("sha256").update(token).digest("hex");

const NOT_FOUND = () => new NotFoundError("There is no report with this id.", "report_not_found");

export interface ReportDecisionOutcome {
  id: string;
  status: "removed" | "dismissed";
  decidedAt: string;
  /** Whether the owner's statement of reasons and the reporter's answer went out. */
  ownerMailed: boolean;
  reporterMailed: boolean;
}

type Tx = Prisma.TransactionClient;
type ReportWithTarget = Prisma.ReportGetPayload<{ include: { share: true; file: { select: { id: true; userId: true } } } }>;

/** Who the reported content belongs to: the share's owner, or the file's. */
export const ownerIdOf = (report: ReportWithTarget): string | null => report.share?.userId ?? report.file?.userId ?? null;

/** The stored files a removal hides: the share's served copy and its source, or the reported file itself. */
export const filesOf = (report: ReportWithTarget): string[] =>
  report.share ? [report.share.fileId, ...(report.share.sourceFileId ? [report.share.sourceFileId] : [])] : report.fileId ? [report.fileId] : [];

const reportWithTarget = (tx: Tx, id: string) =>
  tx.report.findUnique({ where: { id }, include: { share: true, file: { select: { id: true, userId: true } } } });

/** The ids in `ids`, each once. */
const distinct = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Takes the reported picture down wherever its owner keeps it: the reported share or file, every copy
 * of the same bytes the owner holds (a gallery save, a project's copy, the source of another share),
 * and every share of any of them with the copy it serves, so no second link keeps it up. Marked with
 * the decision's own time, so a reversal restores exactly what this removal took down.
 */
async function takeDown(tx: Tx, report: ReportWithTarget, ownerId: string | null, at: Date): Promise<{ files: string[]; shares: string[] }> {
  const reported = filesOf(report);
  const sums = await tx.storedFile.findMany({ where: { id: { in: reported }, sha256: { not: null } }, select: { sha256: true } });
  const copies =
    ownerId && sums.length > 0
      ? await tx.storedFile.findMany({ where: { userId: ownerId, sha256: { in: sums.map((file) => file.sha256!) } }, select: { id: true } })
      : [];
  const pictures = distinct([...reported, ...copies.map((file) => file.id)]);
  const shares = await tx.share.findMany({
    where: { OR: [...(report.shareId ? [{ id: report.shareId }] : []), { fileId: { in: pictures } }, { sourceFileId: { in: pictures } }], revokedAt: null },
    select: { id: true, fileId: true },
  });
  await tx.share.updateMany({ where: { id: { in: shares.map((share) => share.id) }, revokedAt: null }, data: { revokedAt: at } });
  const ids = distinct([...pictures, ...shares.map((share) => share.fileId)]);
  const fresh = await tx.storedFile.findMany({ where: { id: { in: ids }, removedAt: null }, select: { id: true } });
  await tx.storedFile.updateMany({ where: { id: { in: fresh.map((file) => file.id) } }, data: { removedAt: at } });
  return { files: fresh.map((file) => file.id), shares: shares.map((share) => share.id) };
}

/**
 * The other open reports of what a removal took down (the same share, another link to the picture, a
 * file of it), closed with its decision; returns them for their reporters' answers.
 */
async function settleOthers(
  tx: Tx,
  report: ReportWithTarget,
  takenDown: { files: string[]; shares: string[] },
  decision: Prisma.ReportUpdateManyMutationInput,
) {
  const shares = distinct([...(report.shareId ? [report.shareId] : []), ...takenDown.shares]);
  const files = distinct([...(report.fileId ? [report.fileId] : []), ...takenDown.files]);
  const others = await tx.report.findMany({
    where: { OR: [{ shareId: { in: shares } }, { fileId: { in: files } }], status: "open", id: { not: report.id } },
  });
  await tx.report.updateMany({ where: { id: { in: others.map((other) => other.id) }, status: "open" }, data: decision });
  return others;
}

async function showAgain(tx: Tx, report: ReportWithTarget): Promise<boolean> {
  if (!report.share?.hiddenAt) return false;
  const stillOpen = await tx.report.count({ where: { shareId: report.share.id, status: "open", category: MINORS_CATEGORY } });
  if (stillOpen > 0) return false;
  await tx.share.update({ where: { id: report.share.id }, data: { hiddenAt: null } });
  return true;
}

export async function decideReport(request: {
  actor: { id: string };
  reportId: string;
  input: ReportDecisionInput;
  address: string | null;
  /** The site's origin, for the appeal link. */
  origin: string;
}): Promise<ReportDecisionOutcome> {
  const reason = checkedReason(request.input.reason);
  const removing = request.input.decision === "remove";
  const status = removing ? ("removed" as const) : ("dismissed" as const);
  const decidedAt = new Date();
  const appealToken = randomBytes(32).toString("base64url");
  const done = await db.$transaction(async (tx) => {
    const report = await reportWithTarget(tx, request.reportId);
    if (!report) throw NOT_FOUND();
    const ownerId = ownerIdOf(report);
    const rule = removing ? (request.input.rule ?? report.category) : null;
    const taken = await tx.report.updateMany({
      where: { id: report.id, status: "open" },
      data: {
        status,
        decidedAt,
        decidedById: request.actor.id,
        decisionRule: rule,
        decisionNote: reason,
        appealTokenHash: removing && ownerId ? hashAppealToken(appealToken) : null,
      },
    });
    if (taken.count === 0) throw new ConflictError("This report was decided already; its decision stands.", "report_already_decided");
    const takenDown = removing ? await takeDown(tx, report, ownerId, decidedAt) : null;
    const settled = takenDown
      ? await settleOthers(tx, report, takenDown, { status, decidedAt, decidedById: request.actor.id, decisionRule: rule, decisionNote: reason })
      : [];
    // Only after the report left "open", so it no longer counts as one that keeps the share hidden.
    const shown = removing ? false : await showAgain(tx, report);
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: removing ? "report.remove" : "report.dismiss",
      target: { type: "report", id: report.id },
      reason,
      before: { status: "open", hidden: report.share?.hiddenAt != null },
      after: {
        status,
        category: report.category,
        shareId: report.shareId,
        ownerId,
        ...(takenDown
          ? {
              rule,
              removedFiles: takenDown.files,
              revokedShares: takenDown.shares,
              revoked: report.share !== null,
              settledReports: settled.map((other) => other.id),
            }
          : { shownAgain: shown }),
      },
      address: request.address,
    });
    return { report, ownerId, rule, settled };
  });
  const { report, ownerId, rule, settled } = done;
  const ownerMailed =
    removing && ownerId
      ? await sendStatementOfReasons({
          reportId: report.id,
          ownerId,
          url: report.url,
          createdAt: report.share?.createdAt ?? report.createdAt,
          rule: rule!,
          explanation: reason,
          origin: request.origin,
          appealToken,
        })
      : false;
  const reporterMailed = await tellReporter(report, status);
  for (const other of settled) await tellReporter(other, status);
  return { id: report.id, status, decidedAt: decidedAt.toISOString(), ownerMailed, reporterMailed };
}

/** Suspends the account whose content was reported (lib/admin/suspension.ts, audited there); the report stays as it is. */
export async function suspendReportedOwner(request: {
  actor: { id: string };
  reportId: string;
  category: string;
  reason: string;
  address: string | null;
}): Promise<SuspensionOutcome> {
  const report = await reportWithTarget(db, request.reportId);
  if (!report) throw NOT_FOUND();
  const ownerId = ownerIdOf(report);
  if (!ownerId) throw new NotFoundError("What this report names belongs to no account.", "report_owner_not_found");
  return suspendAccount({
    actor: request.actor,
    userId: ownerId,
    category: request.category as SuspensionCategory,
    reason: request.reason,
    address: request.address,
  });
}

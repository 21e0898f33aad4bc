// An owner's one appeal of a removal, from the link in their statement of reasons (DSA Art. 20), and
// the operator's decision on it. The link's token is the owner's proof: only its hash is stored on the
// report, so an unknown token is a 404 and a report already appealed is a 409. Upholding leaves the
// removal as it is; reversing brings back exactly what the removal took down (what carries the
// removal's own time: the revocation of the share and the owner's other links to the picture, the
// share's hiding, and the removal of the files and the owner's copies). Each decision is
// audited and the owner is mailed the outcome.
import "server-only";
import { checkedReason } from "@/lib/admin/reason";
import { recordAudit } from "@/lib/audit/log";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { db, Prisma } from "@/lib/db";
import type { AppealDecisionInput, AppealInput } from "@/lib/validation/reports";
import { filesOf, hashAppealToken, ownerIdOf } from "./decide";
import { tellAppellant } from "./notify";

const withTarget = { share: true, file: { select: { id: true, userId: true } }, appeal: true } as const;

const NO_SUCH_LINK = () => new NotFoundError("This appeal link is not valid. Open the link from the mail exactly as it came.", "appeal_not_found");
const ALREADY_APPEALED = () => new ConflictError("This decision has been appealed already; each decision can be appealed once.", "appeal_already_made");

async function removedReportOf(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const report = await db.report.findUnique({ where: { appealTokenHash: hashAppealToken(token) }, include: withTarget });
  return report?.status === "removed" ? report : null;
}

/** What the appeal page shows for a link: the removed address, or null when the link is unknown or already used. */
export async function appealableRemoval(token: string): Promise<{ url: string; decidedAt: Date } | null> {
  const report = await removedReportOf(token);
  if (!report || report.appeal || !ownerIdOf(report)) return null;
  return { url: report.url, decidedAt: report.decidedAt! };
}

export async function submitAppeal(input: AppealInput): Promise<{ id: string; status: "open" }> {
  const report = await removedReportOf(input.token);
  const ownerId = report ? ownerIdOf(report) : null;
  if (!report || !ownerId) throw NO_SUCH_LINK();
  if (report.appeal) throw ALREADY_APPEALED();
  try {
    const appeal = await db.reportAppeal.create({ data: { reportId: report.id, userId: ownerId, text: input.text } });
    return { id: appeal.id, status: "open" };
  } catch (error) {
    // Two sends of the same link at once: the report takes one appeal, the other is told so.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw ALREADY_APPEALED();
    throw error;
  }
}

export interface AppealDecisionOutcome {
  id: string;
  status: "upheld" | "reversed";
  decidedAt: string;
  mailed: boolean;
}

export async function decideAppeal(request: {
  actor: { id: string };
  appealId: string;
  input: AppealDecisionInput;
  address: string | null;
}): Promise<AppealDecisionOutcome> {
  const reason = checkedReason(request.input.reason);
  const reversing = request.input.decision === "reverse";
  const status = reversing ? ("reversed" as const) : ("upheld" as const);
  const decidedAt = new Date();
  const report = await db.$transaction(async (tx) => {
    const appeal = await tx.reportAppeal.findUnique({ where: { id: request.appealId }, include: { report: { include: withTarget } } });
    if (!appeal) throw new NotFoundError("There is no appeal with this id.", "appeal_not_found");
    const taken = await tx.reportAppeal.updateMany({ where: { id: appeal.id, status: "open" }, data: { status, decidedAt, decidedById: request.actor.id } });
    if (taken.count === 0) throw new ConflictError("This appeal was decided already; its decision stands.", "appeal_already_decided");
    const { report } = appeal;
    let restoredFiles: string[] = [];
    if (reversing && report.decidedAt) {
      // What the removal took down carries its time: the reported share and files, and the owner's other copies and shares of the picture.
      const removedAt = report.decidedAt;
      const owner = { userId: appeal.userId };
      await tx.share.updateMany({
        where: { OR: [...(report.shareId ? [{ id: report.shareId }] : []), owner], revokedAt: removedAt },
        data: { revokedAt: null },
      });
      if (report.share) await tx.share.updateMany({ where: { id: report.share.id }, data: { hiddenAt: null } });
      const files = await tx.storedFile.findMany({ where: { OR: [{ id: { in: filesOf(report) } }, owner], removedAt }, select: { id: true } });
      restoredFiles = files.map((file) => file.id);
      await tx.storedFile.updateMany({ where: { id: { in: restoredFiles } }, data: { removedAt: null } });
    }
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: reversing ? "appeal.reverse" : "appeal.uphold",
      target: { type: "report", id: report.id },
      reason,
      before: { appeal: "open", report: report.status },
      after: { appeal: status, appealId: appeal.id, ownerId: appeal.userId, shareId: report.shareId, ...(reversing ? { restoredFiles } : {}) },
      address: request.address,
    });
    return { ...report, ownerId: appeal.userId };
  });
  const mailed = await tellAppellant({ reportId: report.id, ownerId: report.ownerId, url: report.url, outcome: status, explanation: reason });
  return { id: request.appealId, status, decidedAt: decidedAt.toISOString(), mailed };
}

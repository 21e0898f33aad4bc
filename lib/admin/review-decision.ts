// An operator's decision on a result the image check flagged. Approve keeps it. Remove hides the
// picture everywhere at once: the result file and every stored copy of the same bytes (a gallery save,
// a project's copy) get removedAt, which every address that serves files refuses (lib/storage/files.ts),
// the gallery entries holding a copy go, and then the bytes are deleted from the blob store. The credit
// stays spent: the work was done. The owner is mailed a statement of reasons (EU DSA Art. 17) in their
// language; a guest's result has nobody to mail. One decision per operation: the update only takes a
// pending row, so a second decision, however close, is a 409 and writes nothing.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { sendMail } from "@/lib/mail/mailer";
import { removalStatementMail } from "@/lib/mail/templates";
import { logger } from "@/lib/observability/log";
import { blobStore } from "@/lib/storage/store";
import { TOOLS } from "@/lib/tools/registry";
import type { RemovalCategory, ReviewDecision } from "./console-values";
import { checkedReason } from "./reason";
import { SUPPORT_ADDRESS } from "./suspended-account";

const log = logger("review");

export interface ReviewDecisionRequest {
  actor: { id: string };
  operationId: string;
  decision: ReviewDecision;
  category?: RemovalCategory;
  reason: string;
  address?: string | null;
}

export interface ReviewDecisionOutcome {
  operationId: string;
  reviewStatus: "approved" | "removed";
  reviewedAt: string;
  /** Whether the owner's statement of reasons went out (false for a guest's result, an approval, or a mail failure). */
  mailed: boolean;
}

const ALREADY_DECIDED = "This result was reviewed already; its decision stands.";

export async function decideReview(request: ReviewDecisionRequest): Promise<ReviewDecisionOutcome> {
  const reason = checkedReason(request.reason);
  const removing = request.decision === "remove";
  const category = removing ? (request.category ?? "other") : null;
  const reviewedAt = new Date();
  const outcome = await db.$transaction(async (tx) => {
    const operation = await tx.operation.findUnique({ where: { id: request.operationId }, include: { resultFile: true } });
    if (!operation?.reviewStatus) throw new NotFoundError("No flagged result has this id.", "review_not_found");
    const status = removing ? ("removed" as const) : ("approved" as const);
    // Only a pending row changes: of two decisions at once, the second finds none and is refused.
    const taken = await tx.operation.updateMany({ where: { id: operation.id, reviewStatus: "pending" }, data: { reviewStatus: status, reviewedAt } });
    if (taken.count === 0) throw new ConflictError(ALREADY_DECIDED, "review_already_decided");
    let files: Array<{ id: string; storageKey: string }> = [];
    const file = operation.resultFile;
    if (removing && file) {
      // The result and every copy of its bytes: a gallery save or a project keeps its own file.
      files = await tx.storedFile.findMany({
        where: { OR: [{ id: file.id }, ...(file.sha256 ? [{ sha256: file.sha256 }] : [])], removedAt: null },
        select: { id: true, storageKey: true },
      });
      const ids = files.map((copy) => copy.id);
      await tx.storedFile.updateMany({ where: { id: { in: ids } }, data: { removedAt: reviewedAt } });
      await tx.savedImage.deleteMany({ where: { fileId: { in: ids } } });
    }
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: removing ? "review.remove" : "review.approve",
      target: { type: "operation", id: operation.id },
      reason,
      before: { reviewStatus: operation.reviewStatus },
      after: {
        reviewStatus: status,
        userId: operation.userId,
        ...(removing ? { category, fileId: file?.id ?? null, removedFiles: files.length } : {}),
      },
      address: request.address ?? null,
    });
    return { operation, files, status };
  });
  // Marked first, so nothing serves the picture while its bytes go; a failed delete is logged, and the
  // file stays refused.
  for (const file of outcome.files)
    await blobStore()
      .delete(file.storageKey)
      .catch((error: unknown) => log.error({ err: error, key: file.storageKey }, "could not delete a removed file"));
  const mailed = removing ? await mailStatement(outcome.operation, category!, reason) : false;
  return { operationId: outcome.operation.id, reviewStatus: outcome.status, reviewedAt: reviewedAt.toISOString(), mailed };
}

async function mailStatement(
  operation: { id: string; userId: string | null; kind: string; createdAt: Date },
  category: RemovalCategory,
  explanation: string,
): Promise<boolean> {
  if (!operation.userId) return false;
  const owner = await db.user.findUnique({ where: { id: operation.userId }, select: { email: true, firstName: true, locale: true } });
  if (!owner) return false;
  const tool = TOOLS.find((entry) => entry.kind === operation.kind)?.id ?? operation.kind;
  try {
    await sendMail(
      removalStatementMail({
        to: owner.email,
        name: owner.firstName,
        locale: owner.locale,
        tool,
        createdAt: operation.createdAt,
        operationId: operation.id,
        category,
        explanation,
        // Only the image check puts a result in review; an operator always makes the decision here.
        detectedAutomatically: true,
        decidedAutomatically: false,
        supportAddress: SUPPORT_ADDRESS,
      }),
    );
    return true;
  } catch (error) {
    // The decision stands; the statement can be sent again by hand from the audit row.
    log.error({ err: error, operationId: operation.id }, "could not mail the statement of reasons");
    return false;
  }
}

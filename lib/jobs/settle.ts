// An operation's moves between states. Every move is one conditional UPDATE on the operation row, so
// of two racing moves (a worker finishing, a cancel, the sweeper, the dead-letter handler) exactly one
// wins. A move to failed or canceled refunds the charge in the same transaction: an operation ends
// with exactly one result or exactly one refund.
import "server-only";
import { refundInTransaction } from "@/lib/credits/refund";
import { db } from "@/lib/db";
import type { DomainError } from "@/lib/errors";
import type { Operation, Prisma } from "@/lib/generated/prisma/client";
import { recordJobEnded, type JobOutcome } from "@/lib/observability/metrics";
import { queueOperationEvent } from "@/lib/webhooks/emit";
import { notifyOperationChanged } from "./events";
import { logOperation } from "./log";

const OPEN = ["queued", "running"] as const;

export interface Failure {
  status: number;
  code: string;
  message: string;
  /** For a refusal on safety grounds: who refused and why, kept on the operation. */
  moderation?: Prisma.InputJsonValue;
  /** The image check's scores taken before the failure (lib/moderation/image.ts). */
  contentScores?: Prisma.InputJsonValue;
}

/** What the image check found in a result that is kept: its scores, and whether it waits for review. */
export interface ContentCheckRecord {
  scores: Prisma.InputJsonValue;
  flagged: boolean;
}

/** How a domain error is recorded on the operation it ended. */
export function failureFrom(error: DomainError): Failure {
  return { status: error.status, code: error.code, message: error.message };
}

/** A worker takes the operation (again, after a retry); false when it has already ended. */
export async function claimOperation(operationId: string, stage: string): Promise<boolean> {
  const { count } = await db.operation.updateMany({
    where: { id: operationId, status: { in: [...OPEN] }, cancelRequested: false },
    data: { status: "running", attempts: { increment: 1 }, startedAt: new Date(), stage, progress: 10 },
  });
  if (count === 1) await notifyOperationChanged(operationId);
  return count === 1;
}

/** Records what the worker is doing; ignored once the operation has ended. */
export async function reportProgress(operationId: string, stage: string, progress: number): Promise<void> {
  const { count } = await db.operation.updateMany({
    where: { id: operationId, status: "running" },
    data: { stage, progress: Math.max(0, Math.min(99, Math.round(progress))) },
  });
  if (count === 1) await notifyOperationChanged(operationId);
}

function durationMs(operation: Pick<Operation, "createdAt">): number {
  return Date.now() - operation.createdAt.getTime();
}

/** Counts an operation that has just ended (as it was before its end): how long it queued and ran, and how it ended. */
function countEnded(operation: Operation, outcome: JobOutcome, failure?: Failure): void {
  const now = Date.now();
  const started = operation.startedAt?.getTime() ?? null;
  recordJobEnded({
    kind: operation.kind,
    provider: operation.provider,
    outcome,
    reason: failure?.code,
    waitSeconds: ((started ?? now) - operation.createdAt.getTime()) / 1000,
    runSeconds: started === null ? null : (now - started) / 1000,
  });
}

/** The result is in: succeeded, unless a cancel came first (then canceled and refunded). */
export async function succeedOperation(
  operationId: string,
  resultFileId: string,
  details?: Record<string, number>,
  content?: ContentCheckRecord,
): Promise<boolean> {
  const won = await db.$transaction(async (tx) => {
    const operation = await tx.operation.findUniqueOrThrow({ where: { id: operationId } });
    const { count } = await tx.operation.updateMany({
      where: { id: operationId, status: "running", cancelRequested: false },
      data: {
        status: "succeeded",
        resultFileId,
        resultDetails: details,
        ...(content ? { contentScores: content.scores, ...(content.flagged ? { reviewStatus: "pending" as const } : {}) } : {}),
        progress: 100,
        stage: null,
        completedAt: new Date(),
        durationMs: durationMs(operation),
      },
    });
    // The owner's webhooks hear of it with the same commit.
    if (count === 1) await queueOperationEvent(tx, operation, "succeeded");
    return count === 1 ? operation : null;
  });
  if (!won) {
    await cancelOperation(operationId);
    return false;
  }
  countEnded(won, "succeeded");
  await notifyOperationChanged(operationId);
  await logOperation(operationId);
  return true;
}

/**
 * Ends an open operation with its refund inside the caller's transaction: the operation as it was,
 * or null when it had already ended. Also flags it canceled-on-request, so a worker still running it
 * aborts and its result loses.
 */
async function endWithRefundIn(tx: Prisma.TransactionClient, operationId: string, status: "failed" | "canceled", failure: Failure): Promise<Operation | null> {
  const operation = await tx.operation.findUnique({ where: { id: operationId } });
  if (!operation) return null;
  const { count } = await tx.operation.updateMany({
    where: { id: operationId, status: { in: [...OPEN] } },
    data: {
      status,
      error: failure.message.slice(0, 1000),
      errorCode: failure.code,
      errorStatus: failure.status,
      ...(failure.moderation !== undefined ? { moderation: failure.moderation } : {}),
      ...(failure.contentScores !== undefined ? { contentScores: failure.contentScores } : {}),
      stage: null,
      completedAt: new Date(),
      durationMs: durationMs(operation),
      ...(status === "canceled" ? { cancelRequested: true } : {}),
    },
  });
  if (count === 0) return null;
  await queueOperationEvent(tx, operation, status);
  if (operation.spendTransactionId) await refundInTransaction(tx, operation.spendTransactionId, `Refunded: ${failure.message}`.slice(0, 500));
  return operation;
}

/** What to do once an ended operation's transaction has committed: tell its followers, log it. */
export async function announceEnded(operationId: string): Promise<void> {
  await notifyOperationChanged(operationId);
  await logOperation(operationId);
}

async function endWithRefund(operationId: string, status: "failed" | "canceled", failure: Failure): Promise<boolean> {
  const ended = await db.$transaction((tx) => endWithRefundIn(tx, operationId, status, failure));
  if (!ended) return false;
  countEnded(ended, status, failure);
  await announceEnded(operationId);
  return true;
}

/** Failed, with the charge refunded; false when the operation had already ended. */
export function failOperation(operationId: string, failure: Failure): Promise<boolean> {
  return endWithRefund(operationId, "failed", failure);
}

export const CANCELED: Failure = { status: 409, code: "canceled", message: "The operation was canceled." };

export function cancelOperation(operationId: string): Promise<boolean> {
  return endWithRefund(operationId, "canceled", CANCELED);
}

/**
 * Cancels, with their refunds, every open operation of a user inside the caller's transaction (the
 * account deletion's, which writes the balance off after them). Returns the ones it ended: the caller
 * announces them and withdraws their jobs once the transaction has committed.
 */
export async function cancelOpenOperationsIn(tx: Prisma.TransactionClient, userId: string): Promise<Pick<Operation, "id" | "queue" | "jobId">[]> {
  const open = await tx.operation.findMany({ where: { userId, status: { in: [...OPEN] } }, select: { id: true, queue: true, jobId: true } });
  const ended: typeof open = [];
  for (const operation of open) {
    const canceled = await endWithRefundIn(tx, operation.id, "canceled", CANCELED);
    if (!canceled) continue;
    ended.push(operation);
    countEnded(canceled, "canceled", CANCELED);
  }
  return ended;
}

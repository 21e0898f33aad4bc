// What a worker does with one image job: takes the operation, does the work with a deadline and a
// cancel switch, stores the result, records the time it took (the caller's hourly allowance,
// worker-time.ts) and settles the operation. Any failure is settled as failed with
// its refund. Only a worker that dies leaves the job to pg-boss, which retries it once elsewhere.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { assertResultWithinBudget } from "@/lib/imaging/budgets";
import { ContentRefusedError, ModerationError, ProcessingTimeoutError, ProviderFailedError } from "@/lib/imaging/errors";
import { labelResult } from "@/lib/imaging/metadata/label-result";
import { performOperation, STAGES, type ProgressReporter } from "@/lib/imaging/engine/perform";
import { deleteStoredFile, storeImage } from "@/lib/storage/files";
import { GUEST_RESULT_TTL_DAYS, RESULT_TTL_DAYS } from "@/lib/storage/retention";
import { onOperationChange } from "./events";
import { cancelOperation, claimOperation, failOperation, failureFrom, reportProgress, succeedOperation, type Failure } from "./settle";
import { recordWorkerTime } from "./worker-time";
import { logger } from "@/lib/observability/log";
import { reportError } from "@/lib/observability/errors";
import { recordJobRetried } from "@/lib/observability/metrics";
import { inSpan } from "@/lib/observability/tracing";

const log = logger("worker");

export function describeFailure(error: unknown): Failure {
  const domain =
    error instanceof DomainError
      ? error
      : error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? new ProcessingTimeoutError()
        : new ProviderFailedError("Image processing failed. Please try again or use a different image.");
  const failure = failureFrom(domain);
  // A refusal on safety grounds keeps who refused and why (and the image check's scores); it is
  // refunded like every other failure.
  if (domain instanceof ContentRefusedError) {
    return { ...failure, moderation: { ...domain.verdict } as Prisma.InputJsonValue, contentScores: domain.contentScores as Prisma.InputJsonValue | undefined };
  }
  return domain instanceof ModerationError && domain.verdict ? { ...failure, moderation: { ...domain.verdict } as Prisma.InputJsonValue } : failure;
}

/** Aborts when the operation is canceled or its deadline passes. */
async function operationSignal(operationId: string, deadline: Date | null): Promise<{ signal: AbortSignal; release: () => void }> {
  const controller = new AbortController();
  const remaining = deadline ? Math.max(0, deadline.getTime() - Date.now()) : 180_000;
  const timer = setTimeout(() => controller.abort(new DOMException("The operation ran out of time", "TimeoutError")), remaining);
  const unsubscribe = await onOperationChange(operationId, () => {
    void db.operation.findUnique({ where: { id: operationId }, select: { cancelRequested: true } }).then((row) => {
      if (row?.cancelRequested) controller.abort(new DOMException("The operation was canceled", "AbortError"));
    });
  });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

/**
 * Progress between the claim (10 %) and saving (90 %), written only when the whole percentage moves
 * and one write at a time, so a fast run of tiles costs a few updates and they land in order.
 */
function progressWriter(operationId: string, stage: string): { report: ProgressReporter; settled: () => Promise<void> } {
  let last = 10;
  let writing = Promise.resolve();
  return {
    report: (done) => {
      const percent = Math.min(89, Math.round(10 + 80 * done));
      if (percent <= last) return;
      last = percent;
      writing = writing
        .then(() => reportProgress(operationId, stage, percent))
        .catch((error: unknown) => log.error({ err: error, operationId }, "progress not recorded"));
    },
    settled: () => writing,
  };
}

/** The guest key hash an operation's request carried (lib/imaging/operations.ts), or null. */
function guestKeyHashOf(operation: { params: Prisma.JsonValue }): string | null {
  const hash = (operation.params as { guestKeyHash?: unknown } | null)?.guestKeyHash;
  return typeof hash === "string" ? hash : null;
}

/** One image job, in a span of its own: under pg-boss's job span on a worker, the request's when run inline. */
export function runImageJob(operationId: string): Promise<void> {
  return inSpan("image job", { attributes: { "pictura.operation.id": operationId } }, () => runClaimedJob(operationId));
}

async function runClaimedJob(operationId: string): Promise<void> {
  const operation = await db.operation.findUnique({ where: { id: operationId } });
  if (!operation) return;
  const stage = STAGES[operation.kind];
  if (!(await claimOperation(operationId, stage))) return;
  // Taken before: its worker stopped, and pg-boss gave the job to this one.
  if (operation.attempts > 0) recordJobRetried(operation.kind);
  const { signal, release } = await operationSignal(operationId, operation.deadlineAt);
  // Recorded before the operation settles, so the caller's next request already counts it.
  const startedAt = performance.now();
  let recorded = false;
  const recordTime = async () => {
    if (recorded) return;
    recorded = true;
    await recordWorkerTime(operationId, performance.now() - startedAt);
  };
  try {
    const progress = progressWriter(operationId, stage);
    const performed = await inSpan("model run", { attributes: { "pictura.operation.kind": operation.kind, "pictura.provider": operation.provider } }, () =>
      performOperation(operation, signal, progress.report),
    );
    const result = { ...(await labelResult(operation, performed)), details: performed.details };
    await progress.settled();
    signal.throwIfAborted();
    assertResultWithinBudget(result);
    await reportProgress(operationId, "saving", 90);
    const guest = operation.userId === null;
    // A selection mask matters only while its photo is being edited.
    const shortLived = guest || operation.kind === "segment";
    // A guest's result is private to the browser whose key the request carried; one without a key
    // (queued before keys existed) is nobody's to read.
    const file = await storeImage(result, {
      userId: operation.userId,
      isPrivate: true,
      ttlDays: shortLived ? GUEST_RESULT_TTL_DAYS : RESULT_TTL_DAYS,
      guestKeyHash: guest ? guestKeyHashOf(operation) : null,
    });
    await recordTime();
    // Someone else settled it first (a cancel, the sweeper): the result must not outlive that.
    const content = performed.contentReview && {
      scores: performed.contentReview.scores as unknown as Prisma.InputJsonValue,
      flagged: performed.contentReview.flagged,
    };
    if (!(await succeedOperation(operationId, file.id, result.details, content))) await deleteStoredFile(file);
  } catch (error) {
    await recordTime();
    const canceled = (await db.operation.findUnique({ where: { id: operationId }, select: { cancelRequested: true } }))?.cancelRequested;
    if (canceled) {
      await cancelOperation(operationId);
      return;
    }
    // A domain error is an answer the caller gets (a refused image, a provider's refusal); anything
    // else is a fault of ours or a provider's, for whoever runs the site.
    if (!(error instanceof DomainError)) {
      log.error({ err: error, operationId, kind: operation.kind, provider: operation.provider }, "job failed");
      reportError(error, { where: `job ${operation.kind}`, operationId });
    }
    await failOperation(operationId, describeFailure(error));
  } finally {
    release();
  }
}

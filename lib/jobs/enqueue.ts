// Starting operations: each operation row, its charge (a conditional decrement and a ledger row), its
// recorded inputs and its queue job are written in one database transaction, so a charge and its job
// exist together or not at all; the variants of one request are written together, all or none. A
// suspended account starts nothing, even from a request that was let in before the suspension. The web
// tier does nothing heavier than this; workers do the work.
import "server-only";
import { fromPrisma } from "pg-boss";
import { assertNotSuspended } from "@/lib/admin/suspended-account";
import type { ChargeableOperation } from "@/lib/credits/costs";
import { creditCost } from "@/lib/credits/costs";
import { spendInTransaction } from "@/lib/credits/spend";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import { inSpan } from "@/lib/observability/tracing";
import { queueClient } from "./boss";
import { operationTimeoutMs, queueFor, type ImageJobData } from "./queues";

export interface EnqueueRequest {
  userId: string | null;
  kind: OperationKind;
  /** What to charge, or null for a free operation. */
  charge: ChargeableOperation | null;
  providerId: string;
  prompt?: string | null;
  /** Everything the worker needs besides the prompt, including the stored inputs' ids. */
  params: Prisma.InputJsonObject;
  /** Set for guests, who may have one operation in flight per address. */
  guestAddress?: string | null;
  /** The provider's model for this operation, and the seed it is given (where it takes one). */
  model?: string | null;
  seed?: number | null;
  /** The operation this one makes again. */
  repeatOfId?: string | null;
  /** Each input as the recipe names it: the stored file, its bytes' hash and the operation that made it. */
  inputs?: RecordedInput[];
}

export interface RecordedInput {
  fileId: string;
  sha256: string;
  parentOperationId: string | null;
}

export function guestOperationInProgress(): RateLimitedError {
  return new RateLimitedError("Another image from your network is still being processed. Please wait for it to finish.", 5, "operation_in_progress");
}

function isGuestConflict(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  return JSON.stringify(error.meta ?? {}).includes("guestAddress") || error.message.includes("guestAddress");
}

/**
 * Writes more rows in the operations' own transaction once they, their charges and their jobs are
 * written (an operator's rerun writes its audit row so), so none of them exists without the rest.
 */
export type AlsoWrite = (tx: Prisma.TransactionClient, operations: Operation[]) => Promise<void>;

export async function enqueueOperation(request: EnqueueRequest): Promise<Operation> {
  const [operation] = await enqueueOperations([request]);
  return operation!;
}

/** Several operations (e.g. the variants of one prompt), each with its own charge and job, all or none. */
export function enqueueOperations(requests: EnqueueRequest[], alsoWrite?: AlsoWrite): Promise<Operation[]> {
  return inSpan("charge and enqueue", { attributes: { "pictura.operations": requests.length } }, () => chargeAndEnqueue(requests, alsoWrite));
}

async function chargeAndEnqueue(requests: EnqueueRequest[], alsoWrite?: AlsoWrite): Promise<Operation[]> {
  if (requests.some((request) => request.charge && !request.userId)) throw new Error("A charged operation needs a signed-in user");
  const boss = await queueClient();
  const total = requests.reduce((sum, request) => sum + (request.charge ? creditCost(request.charge) : 0), 0);
  try {
    return await db.$transaction(async (tx) => {
      await assertOwnersNotSuspended(tx, requests);
      const operations: Operation[] = [];
      let spent = 0;
      for (const request of requests) {
        const queue = queueFor(request.providerId);
        const operation = await tx.operation.create({
          data: {
            userId: request.userId,
            kind: request.kind,
            provider: request.providerId,
            model: request.model ?? null,
            seed: request.seed ?? null,
            repeatOfId: request.repeatOfId ?? null,
            cost: request.charge ? creditCost(request.charge) : 0,
            prompt: request.prompt ?? null,
            params: request.params,
            queue,
            stage: "queued",
            deadlineAt: new Date(Date.now() + operationTimeoutMs()),
            guestAddress: request.guestAddress ?? null,
            inputs: { create: (request.inputs ?? []).map((input, position) => ({ position, ...input })) },
          },
        });
        const spend = request.charge ? await spendPart(tx, request.userId!, request.charge, operation.id, { spentBefore: spent, total }) : null;
        spent += spend?.cost ?? 0;
        const data: ImageJobData = { operationId: operation.id };
        // Run in this process instead (JOBS_INLINE): a worker watching the queue sees the job only
        // once the operation's time is up, when the sweeper settles whatever this process left.
        const jobId = await boss.send(queue, data, { db: fromPrisma(tx), ...(env().JOBS_INLINE ? { startAfter: operation.deadlineAt! } : {}) });
        if (!jobId) throw new Error(`The ${queue} queue did not accept the job`);
        operations.push(await tx.operation.update({ where: { id: operation.id }, data: { jobId, spendTransactionId: spend?.transactionId ?? null } }));
      }
      if (alsoWrite) await alsoWrite(tx, operations);
      return operations;
    });
  } catch (error) {
    if (isGuestConflict(error)) throw guestOperationInProgress();
    throw error;
  }
}

/**
 * Refuses the work of a suspended account. The owner's row is locked as the charge's UPDATE locks it
 * (FOR NO KEY UPDATE), up front: it waits for a suspension being written (which holds the row FOR
 * UPDATE) and holds the next one back until this transaction ends, so either the suspension is seen
 * here or its sweep of queued operations sees these. Taking the charge's own lock first, not a share
 * lock to upgrade later, keeps two requests of one account from deadlocking: the second simply waits.
 */
async function assertOwnersNotSuspended(tx: Prisma.TransactionClient, requests: EnqueueRequest[]): Promise<void> {
  const userIds = [...new Set(requests.flatMap((request) => (request.userId ? [request.userId] : [])))];
  if (userIds.length === 0) return;
  const owners = await tx.$queryRaw<{ suspendedAt: Date | null; suspensionCategory: string | null }[]>`
    SELECT "suspendedAt", "suspensionCategory" FROM "users" WHERE "id" = ANY(${userIds}) ORDER BY "id" FOR NO KEY UPDATE`;
  for (const owner of owners) assertNotSuspended(owner);
}

/**
 * One operation's charge; when the balance runs short part-way through a request, the 402 names what
 * the whole request needs and what the balance was before it (the transaction rolls every spend back).
 */
async function spendPart(
  tx: Prisma.TransactionClient,
  userId: string,
  charge: ChargeableOperation,
  operationId: string,
  request: { spentBefore: number; total: number },
) {
  try {
    return await spendInTransaction(tx, { userId, operation: charge, idempotencyKey: `operation:${operationId}` });
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    throw new InsufficientCreditsError(request.total, error.available + request.spentBefore);
  }
}

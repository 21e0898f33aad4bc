// Starting an operation: the operation row, its charge (a conditional decrement and a ledger row) and
// its queue job are written in one database transaction, so a charge and its job exist together or
// not at all. The web tier does nothing heavier than this; workers do the work.
import "server-only";
import { fromPrisma } from "pg-boss";
import type { ChargeableOperation } from "@/lib/credits/costs";
import { creditCost } from "@/lib/credits/costs";
import { spendInTransaction } from "@/lib/credits/spend";
import { db, Prisma } from "@/lib/db";
import { RateLimitedError } from "@/lib/errors";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
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
}

function isGuestConflict(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  return JSON.stringify(error.meta ?? {}).includes("guestAddress") || error.message.includes("guestAddress");
}

export async function enqueueOperation(request: EnqueueRequest): Promise<Operation> {
  if (request.charge && !request.userId) throw new Error("A charged operation needs a signed-in user");
  const boss = await queueClient();
  const queue = queueFor(request.providerId);
  try {
    return await db.$transaction(async (tx) => {
      const operation = await tx.operation.create({
        data: {
          userId: request.userId,
          kind: request.kind,
          provider: request.providerId,
          cost: request.charge ? creditCost(request.charge) : 0,
          prompt: request.prompt ?? null,
          params: request.params,
          queue,
          stage: "queued",
          deadlineAt: new Date(Date.now() + operationTimeoutMs()),
          guestAddress: request.guestAddress ?? null,
        },
      });
      const spend = request.charge
        ? await spendInTransaction(tx, { userId: request.userId!, operation: request.charge, idempotencyKey: `operation:${operation.id}` })
        : null;
      const data: ImageJobData = { operationId: operation.id };
      const jobId = await boss.send(queue, data, { db: fromPrisma(tx) });
      if (!jobId) throw new Error(`The ${queue} queue did not accept the job`);
      return tx.operation.update({ where: { id: operation.id }, data: { jobId, spendTransactionId: spend?.transactionId ?? null } });
    });
  } catch (error) {
    if (isGuestConflict(error)) {
      throw new RateLimitedError("Another image from your network is still being processed. Please wait for it to finish.", 5, "operation_in_progress");
    }
    throw error;
  }
}

// Spending credits: one transaction holding a conditional decrement (the balance never goes below
// zero, however many requests race) and the ledger row that records it. A repeated idempotency key
// returns the first spend instead of charging again.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { creditCost, type ChargeableOperation } from "./costs";
import { InsufficientCreditsError } from "./errors";
import { recordCredits } from "@/lib/observability/metrics";
import { noteSpend } from "./meter";

export interface SpendInput {
  userId: string;
  operation: ChargeableOperation;
  /** Unique per charged request, e.g. `operation:{operationId}`. */
  idempotencyKey: string;
  note?: string;
}

export interface Spend {
  transactionId: string;
  cost: number;
  balance: number;
}

async function existingSpend(idempotencyKey: string, userId: string): Promise<Spend | null> {
  const row = await db.creditTransaction.findUnique({ where: { idempotencyKey } });
  if (!row) return null;
  if (row.userId !== userId || row.kind !== "spend") throw new Error(`Idempotency key ${idempotencyKey} belongs to another entry`);
  return { transactionId: row.id, cost: -row.delta, balance: row.balanceAfter };
}

/**
 * The conditional decrement and its ledger row, inside a transaction the caller owns (so an operation
 * row and its queue job can be written in the same one). Throws InsufficientCreditsError when short.
 */
export async function spendInTransaction(tx: Prisma.TransactionClient, input: SpendInput): Promise<Spend> {
  const cost = creditCost(input.operation);
  const rows = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE "users" SET "credits" = "credits" - ${cost}, "updatedAt" = now()
    WHERE "id" = ${input.userId} AND "credits" >= ${cost}
    RETURNING "credits"`;
  const updated = rows[0];
  if (!updated) {
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { credits: true } });
    if (!user) throw new Error(`No user ${input.userId}`);
    throw new InsufficientCreditsError(cost, user.credits);
  }
  const row = await tx.creditTransaction.create({
    data: {
      userId: input.userId,
      kind: "spend",
      operation: input.operation,
      delta: -cost,
      balanceAfter: updated.credits,
      idempotencyKey: input.idempotencyKey,
      note: input.note,
    },
  });
  noteSpend(row.id);
  recordCredits("spent", cost);
  return { transactionId: row.id, cost, balance: updated.credits };
}

export async function spendCredits(input: SpendInput): Promise<Spend> {
  const earlier = await existingSpend(input.idempotencyKey, input.userId);
  if (earlier) return earlier;
  try {
    return await db.$transaction((tx) => spendInTransaction(tx, input));
  } catch (error) {
    // Two requests with the same key raced: the loser's transaction rolled back; answer with the winner's spend.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await existingSpend(input.idempotencyKey, input.userId);
      if (winner) return winner;
    }
    throw error;
  }
}

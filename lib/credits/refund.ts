// Refunds: a refund names the spend it undoes and restores exactly that amount. The refund row's
// unique `refundOfId` makes a second refund of the same spend impossible, even when two race.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { recordCredits } from "@/lib/observability/metrics";

export interface RefundResult {
  /** False when the spend had already been refunded: nothing changed. */
  refunded: boolean;
  balance: number;
}

/**
 * The refund inside a transaction the caller owns (e.g. with the operation's move to failed). Returns
 * refunded: false when this spend already has its refund.
 */
export async function refundInTransaction(tx: Prisma.TransactionClient, spendTransactionId: string, note?: string): Promise<RefundResult> {
  const spend = await tx.creditTransaction.findUnique({ where: { id: spendTransactionId }, include: { refund: true } });
  if (!spend || spend.kind !== "spend") throw new Error(`No spend ${spendTransactionId} to refund`);
  if (spend.refund) return { refunded: false, balance: await currentBalance(tx, spend.userId) };
  const user = await tx.user.update({
    where: { id: spend.userId },
    data: { credits: { increment: -spend.delta } },
    select: { credits: true },
  });
  await tx.creditTransaction.create({
    data: {
      userId: spend.userId,
      kind: "refund",
      operation: spend.operation,
      delta: -spend.delta,
      balanceAfter: user.credits,
      idempotencyKey: `refund:${spend.id}`,
      refundOfId: spend.id,
      note,
    },
  });
  recordCredits("refunded", -spend.delta);
  return { refunded: true, balance: user.credits };
}

export async function refundSpend(spendTransactionId: string, note?: string): Promise<RefundResult> {
  try {
    return await db.$transaction((tx) => refundInTransaction(tx, spendTransactionId, note));
  } catch (error) {
    // A concurrent refund of the same spend won; this one rolled back as a whole.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const spend = await db.creditTransaction.findUniqueOrThrow({ where: { id: spendTransactionId } });
      return { refunded: false, balance: await currentBalance(db, spend.userId) };
    }
    throw error;
  }
}

async function currentBalance(client: Prisma.TransactionClient, userId: string): Promise<number> {
  const user = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } });
  return user.credits;
}

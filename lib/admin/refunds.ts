// An operator's refund of one operation's charge, exactly once: the refund row names the spend it
// undoes (unique), so a double click, two operators, or the sweeper refunding a failure at the same
// moment give one refund at most. The one that refunds writes the audit row; the others are told the
// operation was refunded already.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { refundInTransaction } from "@/lib/credits/refund";
import { db, Prisma } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { checkedReason } from "./reason";

export interface OperationRefund {
  actor: { id: string };
  operationId: string;
  reason: string;
  address?: string | null;
}

export interface RefundOutcome {
  /** False when the charge had been refunded already (by the sweeper, another operator or a click before). */
  refunded: boolean;
  balance: number;
  message: string;
}

const ALREADY = "This operation's credits were refunded already; nothing changed.";

export async function refundOperation(input: OperationRefund): Promise<RefundOutcome> {
  const reason = checkedReason(input.reason);
  const operation = await db.operation.findUnique({ where: { id: input.operationId }, select: { id: true, userId: true, spendTransactionId: true } });
  if (!operation) throw new NotFoundError("No such operation.", "operation_not_found");
  const spendId = operation.spendTransactionId;
  if (!spendId || !operation.userId) throw new ConflictError("This operation cost nothing: there is nothing to refund.", "nothing_to_refund");
  const balanceNow = async () => (await db.user.findUniqueOrThrow({ where: { id: operation.userId! }, select: { credits: true } })).credits;
  try {
    return await db.$transaction(async (tx) => {
      const outcome = await refundInTransaction(tx, spendId, reason);
      if (!outcome.refunded) return { refunded: false, balance: outcome.balance, message: ALREADY };
      await recordAudit(tx, {
        actor: { type: "admin", id: input.actor.id },
        action: "operation.refund",
        target: { type: "operation", id: operation.id },
        reason,
        before: { refunded: false },
        after: { refunded: true, userId: operation.userId, credits: outcome.balance },
        address: input.address ?? null,
      });
      return { refunded: true, balance: outcome.balance, message: "The operation's credits were refunded." };
    });
  } catch (error) {
    // Another refund of the same spend committed first; this one rolled back whole, audit row included.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      return { refunded: false, balance: await balanceNow(), message: ALREADY };
    throw error;
  }
}

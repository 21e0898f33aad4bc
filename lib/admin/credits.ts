// An operator's grant or deduction of credits: one ledger row of kind `adjustment` and one audit row,
// in one transaction, with a reason. The balance never goes below zero and stays equal to the last
// ledger row. Safe to send twice: the console's Idempotency-Key makes the ledger row's key, so a
// repeat (or two at once) adjusts once and answers the first one's outcome.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { checkedReason } from "./reason";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordCredits } from "@/lib/observability/metrics";

/** The most one adjustment may move, either way. */
export const MAX_ADJUSTMENT = 100_000;

export interface CreditAdjustment {
  actor: { id: string };
  userId: string;
  /** Credits to add (positive) or take (negative). */
  delta: number;
  reason: string;
  /** The console's Idempotency-Key for this click. */
  idempotencyKey: string;
  address?: string | null;
}

export interface AdjustmentOutcome {
  transactionId: string;
  balance: number;
  /** True when this was a repeat of an adjustment already made. */
  replayed: boolean;
}

const ledgerKeyOf = (idempotencyKey: string) => `admin-adjust:${idempotencyKey}`;

/** The adjustment a key already made, if it made one; a key reused for another adjustment is a 409. */
async function earlierAdjustment(input: CreditAdjustment): Promise<AdjustmentOutcome | null> {
  const row = await db.creditTransaction.findUnique({ where: { idempotencyKey: ledgerKeyOf(input.idempotencyKey) } });
  if (!row) return null;
  if (row.userId !== input.userId || row.delta !== input.delta || row.kind !== "adjustment") {
    throw new ConflictError("This Idempotency-Key was used for another adjustment.", "idempotency_key_reused");
  }
  return { transactionId: row.id, balance: row.balanceAfter, replayed: true };
}

export async function adjustCredits(input: CreditAdjustment): Promise<AdjustmentOutcome> {
  const reason = checkedReason(input.reason);
  if (!Number.isInteger(input.delta) || input.delta === 0 || Math.abs(input.delta) > MAX_ADJUSTMENT) {
    throw new BadRequestError(`An adjustment is a whole number of credits from -${MAX_ADJUSTMENT} to ${MAX_ADJUSTMENT}, not 0.`, "invalid_adjustment");
  }
  const earlier = await earlierAdjustment(input);
  if (earlier) return earlier;
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: input.userId }, select: { credits: true, deletedAt: true } });
      if (!before || before.deletedAt) throw new NotFoundError("No such account.", "user_not_found");
      // One statement both checks and moves the balance, so two deductions at once cannot pass zero.
      const moved = await tx.user.updateMany({ where: { id: input.userId, credits: { gte: -input.delta } }, data: { credits: { increment: input.delta } } });
      if (moved.count !== 1) {
        const { credits } = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { credits: true } });
        throw new ConflictError(`The account has ${credits} credits; taking ${-input.delta} would leave it below zero.`, "balance_below_zero");
      }
      const { credits } = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { credits: true } });
      const row = await tx.creditTransaction.create({
        data: {
          userId: input.userId,
          kind: "adjustment",
          delta: input.delta,
          balanceAfter: credits,
          idempotencyKey: ledgerKeyOf(input.idempotencyKey),
          note: reason,
        },
      });
      await recordAudit(tx, {
        actor: { type: "admin", id: input.actor.id },
        action: "credits.adjust",
        target: { type: "user", id: input.userId },
        reason,
        before: { credits: credits - input.delta },
        after: { credits, delta: input.delta, transactionId: row.id },
        address: input.address ?? null,
      });
      if (input.delta > 0) recordCredits("granted", input.delta);
      return { transactionId: row.id, balance: credits, replayed: false };
    });
  } catch (error) {
    // The same key sent twice at once: the other one made the adjustment.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const made = await earlierAdjustment(input);
      if (made) return made;
    }
    throw error;
  }
}

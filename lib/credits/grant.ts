// Adds credits to a user's balance with its ledger row, inside the caller's transaction.
import "server-only";
import type { LedgerKind, Prisma } from "@/lib/generated/prisma/client";
import { recordCredits } from "@/lib/observability/metrics";

export interface GrantInput {
  userId: string;
  amount: number;
  kind: Extract<LedgerKind, "grant" | "purchase" | "subscription">;
  idempotencyKey: string;
  operation?: string;
  note?: string;
  /** Plan credits nobody paid for (a plan granted from the console): counted as granted, not bought. */
  unpaid?: boolean;
}

export async function grantCreditsInTransaction(tx: Prisma.TransactionClient, input: GrantInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A grant must be a positive whole number");
  const user = await tx.user.update({
    where: { id: input.userId },
    data: { credits: { increment: input.amount } },
    select: { credits: true },
  });
  await tx.creditTransaction.create({
    data: {
      userId: input.userId,
      kind: input.kind,
      operation: input.operation,
      delta: input.amount,
      balanceAfter: user.credits,
      idempotencyKey: input.idempotencyKey,
      note: input.note,
    },
  });
  // Plan and pack credits are paid for; the rest (trial, reviewers, an operator's grant) are given.
  recordCredits(input.kind === "grant" || input.unpaid ? "granted" : "bought", input.amount);
  return user.credits;
}

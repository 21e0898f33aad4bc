// Adds credits to a user's balance with its ledger row, inside the caller's transaction.
import "server-only";
import type { LedgerKind, Prisma } from "@/lib/generated/prisma/client";
import { recordCredits } from "@/lib/observability/metrics";

/** What a payment charged: a whole number of the currency's smallest unit, and the currency in lower case ("usd"). */
export interface PaidAmount {
  amountCents: number;
  currency: string;
}

export interface GrantInput {
  userId: string;
  amount: number;
  kind: Extract<LedgerKind, "grant" | "purchase" | "subscription">;
  idempotencyKey: string;
  operation?: string;
  note?: string;
  /** Plan credits nobody paid for (a plan granted from the console): counted as granted, not bought. */
  unpaid?: boolean;
  /** What the payment behind a plan's or a pack's credits charged, kept on the row for revenue; null when nobody paid. */
  paid?: PaidAmount | null;
}

const CURRENCY = /^[a-z]{3}$/;
/** The column is a PostgreSQL integer. */
const MAX_PAID_CENTS = 2_147_483_647;

/** Whether an amount is one the ledger may keep (its CHECK constraint and column type say the same). */
export function isPaidAmount(paid: PaidAmount): boolean {
  return Number.isInteger(paid.amountCents) && paid.amountCents >= 0 && paid.amountCents <= MAX_PAID_CENTS && CURRENCY.test(paid.currency);
}

export async function grantCreditsInTransaction(tx: Prisma.TransactionClient, input: GrantInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("A grant must be a positive whole number");
  const paid = input.paid ?? null;
  if (paid && (input.kind === "grant" || !isPaidAmount(paid)))
    throw new Error("A paid amount is a whole number ≥ 0 in a lower-case currency, on a plan's or a pack's credits");
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
      paidCents: paid?.amountCents ?? null,
      paidCurrency: paid?.currency ?? null,
    },
  });
  // Plan and pack credits are paid for; the rest (trial, reviewers, an operator's grant) are given.
  recordCredits(input.kind === "grant" || input.unpaid ? "granted" : "bought", input.amount);
  return user.credits;
}

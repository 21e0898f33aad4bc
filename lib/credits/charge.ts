// Runs paid work: spends first, then does the work, and refunds the spend if the work fails for any
// reason, so a user never pays for a result they did not get. Also the early look at a balance that
// spares a request bound to be refused the work of storing its uploads.
import "server-only";
import { db } from "@/lib/db";
import type { ChargeableOperation } from "./costs";
import { InsufficientCreditsError } from "./errors";
import { refundSpend } from "./refund";
import { spendCredits, type Spend } from "./spend";

export interface ChargeInput {
  userId: string;
  operation: ChargeableOperation;
  idempotencyKey: string;
}

export async function runCharged<T>(input: ChargeInput, work: (spend: Spend) => Promise<T>): Promise<T> {
  const spend = await spendCredits(input);
  try {
    return await work(spend);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await refundSpend(spend.transactionId, `Refunded: ${reason}`.slice(0, 500));
    throw error;
  }
}

/**
 * Refuses with the spec's 402 when the balance is already short of `cost`. Only a first look: the
 * charge itself stays the conditional decrement in the operation's transaction, which may still
 * refuse a request that raced another one past this check.
 */
export async function assertCanAfford(userId: string, cost: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { credits: true } });
  if (user && user.credits < cost) throw new InsufficientCreditsError(cost, user.credits);
}

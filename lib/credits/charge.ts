// Runs paid work: spends first, then does the work, and refunds the spend if the work fails for any
// reason, so a user never pays for a result they did not get.
import "server-only";
import type { ChargeableOperation } from "./costs";
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

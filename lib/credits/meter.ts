// What one request spent: the spends a request's work writes are noted while it runs, and its net cost
// is read back from the ledger afterwards (a spend rolled back never reached it; a refund, made by the
// request itself or by a worker that failed its job, is subtracted). Key calls report it as
// X-Credits-Charged.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { db } from "@/lib/db";

const spendsOfRequest = new AsyncLocalStorage<Set<string>>();

/** Runs the work, noting every spend it writes. */
export async function meterSpends<T>(work: () => Promise<T>): Promise<{ result: T; spendIds: string[] }> {
  const spends = new Set<string>();
  const result = await spendsOfRequest.run(spends, work);
  return { result, spendIds: [...spends] };
}

/** Called by the spend itself; does nothing outside a metered request. */
export function noteSpend(transactionId: string): void {
  spendsOfRequest.getStore()?.add(transactionId);
}

/** The credits these spends cost, less what was refunded of them. */
export async function netCharged(spendIds: string[]): Promise<number> {
  if (spendIds.length === 0) return 0;
  const rows = await db.creditTransaction.findMany({
    where: { OR: [{ id: { in: spendIds }, kind: "spend" }, { refundOfId: { in: spendIds } }] },
    select: { delta: true },
  });
  return Math.max(0, -rows.reduce((sum, row) => sum + row.delta, 0));
}

// A user's ledger, newest first, a page at a time (keyset pagination on createdAt and id).
import "server-only";
import { db } from "@/lib/db";
import type { CreditTransactionPage } from "@/lib/validation/credits";

export async function listTransactions(userId: string, options: { cursor?: string; limit: number }): Promise<CreditTransactionPage> {
  // A cursor must be one of this user's own rows; anything else starts nowhere.
  if (options.cursor && !(await db.creditTransaction.count({ where: { id: options.cursor, userId } }))) {
    return { transactions: [], nextCursor: null };
  }
  const rows = await db.creditTransaction.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, options.limit);
  return {
    transactions: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      operation: row.operation,
      delta: row.delta,
      balanceAfter: row.balanceAfter,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null,
  };
}

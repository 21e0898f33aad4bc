// A user's ledger, newest first, a page at a time (keyset pagination on createdAt and id), and the
// one shape a ledger row is shown in.
import "server-only";
import { db } from "@/lib/db";
import type { CreditTransaction } from "@/lib/generated/prisma/client";
import type { CreditTransactionPage, CreditTransactionView } from "@/lib/validation/credits";

/** One ledger row as the API and the data export show it. */
export function toTransactionView(row: CreditTransaction): CreditTransactionView {
  return {
    id: row.id,
    kind: row.kind,
    operation: row.operation,
    delta: row.delta,
    balanceAfter: row.balanceAfter,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

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
    transactions: page.map(toTransactionView),
    nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null,
  };
}

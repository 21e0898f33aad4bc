// The console's list of operations: newest first, filtered by status, kind, provider, account (by id
// or e-mail address) and period, a page at a time (lib/admin/cursor.ts). Each row says how long it
// waited in the queue and ran, and whether its charge was given back (a refund row names its spend).
// Every filter has an index that leads with it and ends with createdAt (operations_*_createdAt_idx).
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AdminOperationRow, OperationSearch, Page } from "@/lib/validation/admin";
import { decodeCursor, newestFirst, pageOf } from "./cursor";

const gap = (from: Date | null, to: Date | null) => (from && to ? Math.max(0, to.getTime() - from.getTime()) : null);

export async function searchOperations(search: OperationSearch): Promise<Page<AdminOperationRow>> {
  const position = decodeCursor(search.cursor);
  let userId = search.userId;
  if (search.email !== undefined) {
    const owner = await db.user.findUnique({ where: { email: search.email.toLowerCase() }, select: { id: true } });
    // An address no account has, or one that names another account than userId: nothing matches.
    if (!owner || (userId !== undefined && userId !== owner.id)) return { items: [], nextCursor: null };
    userId = owner.id;
  }
  const filters: Prisma.OperationWhereInput = {
    status: search.status,
    kind: search.kind,
    provider: search.provider,
    userId,
    createdAt: search.from || search.to ? { gte: search.from, lt: search.to } : undefined,
  };
  const rows = await db.operation.findMany({
    ...newestFirst(filters, position, search.limit + 1),
    select: {
      id: true,
      userId: true,
      kind: true,
      status: true,
      provider: true,
      errorCode: true,
      error: true,
      attempts: true,
      createdAt: true,
      startedAt: true,
      completedAt: true,
      repeatOfId: true,
      spendTransactionId: true,
      user: { select: { email: true } },
    },
  });
  return pageOf(rows, search.limit, async (page) => {
    const spends = page.flatMap((row) => (row.spendTransactionId ? [row.spendTransactionId] : []));
    const refunds = spends.length ? await db.creditTransaction.findMany({ where: { refundOfId: { in: spends } }, select: { refundOfId: true } }) : [];
    const refunded = new Set(refunds.map((refund) => refund.refundOfId));
    return page.map((row) => ({
      id: row.id,
      userId: row.userId,
      userEmail: row.user?.email ?? null,
      kind: row.kind,
      status: row.status,
      provider: row.provider,
      errorCode: row.errorCode,
      errorMessage: row.error,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      queueWaitMs: gap(row.createdAt, row.startedAt),
      runMs: gap(row.startedAt, row.completedAt),
      repeatOfId: row.repeatOfId,
      refunded: row.spendTransactionId !== null && refunded.has(row.spendTransactionId),
    }));
  });
}

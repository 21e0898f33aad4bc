// Erasing a deleted account's data, after the account is marked deleted (lib/account/delete.ts).
// Every step is safe to repeat: a request that died midway is finished by the next try of the same
// request, or by `npm run storage:cleanup`, which finishes every pending erasure.
//
// What stays, for the books: the user row as an anonymous tombstone (no e-mail, name, password or
// Stripe id), its ledger rows (amounts, kinds, dates), its subscription rows (plan, dates) and its
// operation rows with cost and outcome, but with no prompt, parameters or result.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { blobStore } from "@/lib/storage/store";

const FILE_BATCH = 100;

async function eraseFiles(userId: string): Promise<void> {
  for (;;) {
    const files = await db.storedFile.findMany({ where: { userId }, select: { id: true, storageKey: true }, take: FILE_BATCH });
    if (files.length === 0) return;
    const ids = files.map((file) => file.id);
    // Bytes first: a row left without bytes answers 404 and is taken on the next try.
    for (const file of files) await blobStore().delete(file.storageKey);
    await db.$transaction([db.projectFile.deleteMany({ where: { fileId: { in: ids } } }), db.storedFile.deleteMany({ where: { id: { in: ids } } })]);
  }
}

/** Writes off a balance to zero with one ledger row, so the sum of the rows stays the balance. */
export async function forfeitCredits(tx: Prisma.TransactionClient, userId: string, credits: number, idempotencyKey: string): Promise<void> {
  if (credits <= 0) return;
  await tx.creditTransaction.create({
    data: {
      userId,
      kind: "spend",
      operation: "account_deleted",
      delta: -credits,
      balanceAfter: 0,
      idempotencyKey,
      note: "Credits forfeited when the account was deleted",
    },
  });
  await tx.user.update({ where: { id: userId }, data: { credits: 0 } });
}

/** Anything credited after the write-off (a payment's webhook arriving late) is written off too. */
async function forfeitLateRefunds(userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ credits: number }[]>`SELECT "credits" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
    if (!user || user.credits <= 0) return;
    const last = await tx.creditTransaction.findFirst({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    await forfeitCredits(tx, userId, user.credits, `account-deleted:${userId}:after:${last?.id ?? "none"}`);
  });
}

export async function eraseAccountData(userId: string): Promise<void> {
  await db.project.deleteMany({ where: { userId } });
  await db.savedImage.deleteMany({ where: { userId } });
  // A recipe's inputs name the person's files by hash: they go with the prompts.
  await db.operationInput.deleteMany({ where: { operation: { userId } } });
  await db.operation.updateMany({
    where: { userId },
    data: { prompt: null, params: Prisma.DbNull, error: null, guestAddress: null, resultFileId: null },
  });
  await eraseFiles(userId);
  await forfeitLateRefunds(userId);
  await db.user.update({ where: { id: userId }, data: { erasedAt: new Date() } });
}

/** Finishes the erasure of every deleted account that still holds something (e.g. a crash midway). */
export async function finishPendingErasures(): Promise<number> {
  const pending = await db.user.findMany({
    where: { deletedAt: { not: null }, OR: [{ erasedAt: null }, { files: { some: {} } }, { credits: { gt: 0 } }] },
    select: { id: true },
  });
  for (const user of pending) await eraseAccountData(user.id);
  return pending.length;
}

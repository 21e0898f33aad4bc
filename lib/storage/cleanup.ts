// Removes stored files whose time is up (unsaved results after 30 days, uploads after a day) unless
// something still shows them: a file a project refers to (project_files) or a gallery copy is never
// deleted, however old. Operations keep their record with the result unset.
// Run it on a schedule: `npm run storage:cleanup`.
//
// Each batch is one transaction: the rows are chosen and deleted by one statement that skips any
// file a project is saving a reference to at that moment (the reference's foreign key holds a lock
// on the file row, and `SKIP LOCKED` passes over it), and a reference committed in between makes the
// delete fail on that foreign key rather than remove a shown file. The bytes go while the rows'
// deletion is still uncommitted, so a crash leaves rows (answering 404) to take next time, never
// unreachable bytes; and a failed batch is simply chosen again without the file now shown.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { blobStore } from "./store";

const MAX_CONFLICTS = 5;

function isReferenceConflict(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return (error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2003" || error.code === "P2010")) || /foreign key|23503/i.test(text);
}

async function deleteBatch(now: Date, batchSize: number): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const removed = await tx.$queryRaw<{ storageKey: string }[]>`
        WITH doomed AS (
          SELECT f."id" FROM "stored_files" f
          WHERE f."expiresAt" < ${now}
            AND NOT EXISTS (SELECT 1 FROM "project_files" pf WHERE pf."fileId" = f."id")
            AND NOT EXISTS (SELECT 1 FROM "saved_images" s WHERE s."fileId" = f."id")
          ORDER BY f."expiresAt"
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED
        )
        DELETE FROM "stored_files" f USING doomed WHERE f."id" = doomed."id"
        RETURNING f."storageKey"`;
      for (const file of removed) await blobStore().delete(file.storageKey);
      return removed.length;
    },
    { timeout: 120_000 },
  );
}

export async function deleteExpiredFiles(options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 100;
  let deleted = 0;
  let conflicts = 0;
  for (;;) {
    let count: number;
    try {
      count = await deleteBatch(now, batchSize);
    } catch (error) {
      // A project came to show one of the chosen files while they were being deleted: choose again.
      if (!isReferenceConflict(error) || ++conflicts > MAX_CONFLICTS) throw error;
      continue;
    }
    if (count === 0) return deleted;
    deleted += count;
  }
}

// Removes stored files whose time is up (unsaved results after 30 days, uploads after a day) unless
// something still shows them: a file one of its owner's projects refers to (project_files) or a
// gallery copy is never deleted, however old. Operations keep their record with the result unset.
// Run it on a schedule: `npm run storage:cleanup`.
//
// Each batch is one transaction: the rows are chosen with a lock that skips any file a project is
// saving a reference to at that moment (the reference's foreign key holds a lock on the file row, and
// `SKIP LOCKED` passes over it), so no reference can be committed to a chosen file before it goes. The bytes go while the rows'
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
      // Only the owner's own projects keep a file; another account's reference (made before projects
      // could only show their owner's files) goes with it, and that project shows it as missing.
      const doomed = await tx.$queryRaw<{ id: string }[]>`
        SELECT f."id" FROM "stored_files" f
        WHERE f."expiresAt" < ${now}
          AND NOT EXISTS (
            SELECT 1 FROM "project_files" pf JOIN "projects" p ON p."id" = pf."projectId"
            WHERE pf."fileId" = f."id" AND p."userId" = f."userId")
          AND NOT EXISTS (SELECT 1 FROM "saved_images" s WHERE s."fileId" = f."id")
        ORDER BY f."expiresAt"
        LIMIT ${batchSize}
        FOR UPDATE OF f SKIP LOCKED`;
      if (doomed.length === 0) return 0;
      const ids = doomed.map((file) => file.id);
      await tx.projectFile.deleteMany({ where: { fileId: { in: ids } } });
      const removed = await tx.$queryRaw<{ storageKey: string }[]>`
        DELETE FROM "stored_files" WHERE "id" = ANY(${ids}) RETURNING "storageKey"`;
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

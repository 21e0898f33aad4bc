// Removes stored files whose time is up (unsaved results after 30 days, uploads after a day): the
// bytes from the blob store, then the row. Operations keep their record with the result unset;
// gallery copies never expire. Run it on a schedule: `npm run storage:cleanup`.
import "server-only";
import { db } from "@/lib/db";
import { blobStore } from "./store";

export async function deleteExpiredFiles(options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 200;
  let deleted = 0;
  for (;;) {
    const files = await db.storedFile.findMany({
      where: { expiresAt: { lt: now } },
      select: { id: true, storageKey: true },
      take: batchSize,
      orderBy: { expiresAt: "asc" },
    });
    if (files.length === 0) return deleted;
    for (const file of files) {
      // Bytes first: a row without bytes is harmless (it answers 404), bytes without a row are lost space.
      await blobStore().delete(file.storageKey);
      await db.storedFile.delete({ where: { id: file.id } });
      deleted += 1;
    }
  }
}

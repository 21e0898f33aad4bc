// What a browser sees of an operation: its state, progress, place in the queue, and result or error.
import "server-only";
import { db } from "@/lib/db";
import type { Operation, StoredFile } from "@/lib/generated/prisma/client";
import { fileUrl } from "@/lib/storage/files";
import type { OperationView } from "@/lib/validation/operations";

export type { OperationView };

function sourceOf(operation: Operation): string | null {
  const ids = (operation.params as { inputFileIds?: unknown } | null)?.inputFileIds;
  return Array.isArray(ids) && typeof ids[0] === "string" ? fileUrl({ id: ids[0] }) : null;
}

async function queuePosition(operation: Operation): Promise<number | null> {
  if (operation.status !== "queued") return null;
  return db.operation.count({ where: { status: "queued", queue: operation.queue, createdAt: { lt: operation.createdAt } } });
}

export async function viewOperation(operation: Operation & { resultFile?: StoredFile | null }): Promise<OperationView> {
  const file = operation.resultFile ?? (operation.resultFileId ? await db.storedFile.findUnique({ where: { id: operation.resultFileId } }) : null);
  // A picture an operator removed after review is no result any more: its address answers 404 too.
  const succeeded = operation.status === "succeeded" && file && !file.removedAt;
  return {
    id: operation.id,
    kind: operation.kind,
    status: operation.status,
    progress: operation.status === "succeeded" ? 100 : operation.progress,
    stage: operation.stage,
    queuePosition: await queuePosition(operation),
    result: succeeded ? { sample: fileUrl(file) } : null,
    source: sourceOf(operation),
    width: succeeded ? file.width : null,
    height: succeeded ? file.height : null,
    contentType: succeeded ? file.contentType : null,
    error:
      operation.status === "failed" || operation.status === "canceled"
        ? { status: operation.errorStatus ?? 500, code: operation.errorCode ?? "processing_failed", message: operation.error ?? "Image processing failed." }
        : null,
  };
}

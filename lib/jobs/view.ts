// What a browser sees of an operation: its state, progress, place in the queue, and result or error.
import "server-only";
import { db } from "@/lib/db";
import type { Operation, StoredFile } from "@/lib/generated/prisma/client";
import { fileUrl } from "@/lib/storage/files";

export type OperationStatusName = "queued" | "running" | "succeeded" | "failed" | "canceled";

export interface OperationView {
  id: string;
  kind: string;
  status: OperationStatusName;
  progress: number;
  stage: string | null;
  /** How many operations of the same queue are ahead of this one; null once it is running or over. */
  queuePosition: number | null;
  result: { sample: string } | null;
  width: number | null;
  height: number | null;
  error: { status: number; code: string; message: string } | null;
}

export function isTerminal(status: string): boolean {
  return status === "succeeded" || status === "failed" || status === "canceled";
}

async function queuePosition(operation: Operation): Promise<number | null> {
  if (operation.status !== "queued") return null;
  return db.operation.count({ where: { status: "queued", queue: operation.queue, createdAt: { lt: operation.createdAt } } });
}

export async function viewOperation(operation: Operation & { resultFile?: StoredFile | null }): Promise<OperationView> {
  const file = operation.resultFile ?? (operation.resultFileId ? await db.storedFile.findUnique({ where: { id: operation.resultFileId } }) : null);
  const succeeded = operation.status === "succeeded" && file;
  return {
    id: operation.id,
    kind: operation.kind,
    status: operation.status,
    progress: operation.status === "succeeded" ? 100 : operation.progress,
    stage: operation.stage,
    queuePosition: await queuePosition(operation),
    result: succeeded ? { sample: fileUrl(file) } : null,
    width: succeeded ? file.width : null,
    height: succeeded ? file.height : null,
    error:
      operation.status === "failed" || operation.status === "canceled"
        ? { status: operation.errorStatus ?? 500, code: operation.errorCode ?? "processing_failed", message: operation.error ?? "Image processing failed." }
        : null,
  };
}

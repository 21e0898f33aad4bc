// Cancelling: a queued operation ends at once with its refund and its job is withdrawn; a running
// one is flagged, its worker aborts, and the refund comes when the work stops.
import "server-only";
import { db } from "@/lib/db";
import type { Operation } from "@/lib/generated/prisma/client";
import { queueClient } from "./boss";
import { notifyOperationChanged } from "./events";
import { announceEnded, cancelOperation } from "./settle";

export async function requestCancel(operation: Operation): Promise<void> {
  if (operation.status === "queued" && (await cancelOperation(operation.id))) {
    if (operation.queue && operation.jobId) {
      const boss = await queueClient();
      await boss.cancel(operation.queue, operation.jobId).catch(() => undefined);
    }
    return;
  }
  const { count } = await db.operation.updateMany({ where: { id: operation.id, status: "running" }, data: { cancelRequested: true } });
  if (count === 1) await notifyOperationChanged(operation.id);
}

/**
 * After operations were canceled inside another transaction: their followers are told, and jobs not
 * yet taken are withdrawn (a worker that takes one anyway finds it ended and does nothing).
 */
export async function withdrawCanceled(operations: Pick<Operation, "id" | "queue" | "jobId">[]): Promise<void> {
  if (operations.length === 0) return;
  const boss = await queueClient();
  for (const operation of operations) {
    await announceEnded(operation.id);
    if (operation.queue && operation.jobId) await boss.cancel(operation.queue, operation.jobId).catch(() => undefined);
  }
}

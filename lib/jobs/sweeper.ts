// The safety net: whatever stopped an operation (a worker killed between two statements, a lost job,
// a database failover), one still open past its deadline is failed and refunded here, exactly once.
import "server-only";
import { db } from "@/lib/db";
import { ProcessingTimeoutError } from "@/lib/imaging/errors";
import { queueClient } from "./boss";
import { failOperation, failureFrom, type Failure } from "./settle";

/** Past the deadline a worker still gets this long to report before the sweeper steps in. */
const GRACE_MS = 15_000;

const TIMED_OUT: Failure = failureFrom(new ProcessingTimeoutError());

export const WORKER_LOST: Failure = {
  status: 502,
  code: "processing_failed",
  message: "Image processing failed: the image worker stopped before finishing. Your credits were refunded.",
};

/** Fails and refunds every open operation past its deadline; returns how many. */
export async function sweepStuckOperations(now = new Date()): Promise<number> {
  const stuck = await db.operation.findMany({
    where: { status: { in: ["queued", "running"] }, deadlineAt: { lt: new Date(now.getTime() - GRACE_MS) } },
    select: { id: true, queue: true, jobId: true },
    take: 100,
  });
  let swept = 0;
  for (const operation of stuck) {
    if (!(await failOperation(operation.id, TIMED_OUT))) continue;
    swept += 1;
    if (operation.queue && operation.jobId) {
      const boss = await queueClient();
      await boss.cancel(operation.queue, operation.jobId).catch(() => undefined);
    }
  }
  return swept;
}

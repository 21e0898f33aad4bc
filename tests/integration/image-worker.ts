// Image calls wait for a worker: test files that make them run one inside the test process, with the
// test's own environment (fake provider URLs and keys), for the length of the file. Work left queued is
// canceled when a file ends and again before a worker starts (a file without a worker may have queued
// some), so no file inherits another's queue.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { stopQueueClient } from "@/lib/jobs/boss";
import { requestCancel } from "@/lib/jobs/cancel";
import { LOCAL_QUEUE } from "@/lib/jobs/queues";
import { closeOperationEvents } from "@/lib/jobs/events";
import { startWorker, type RunningWorker } from "@/lib/jobs/worker";

/**
 * `localJobs: false` leaves the local engine's queue unserved, for a file that checks only the answers
 * image calls give (202 once queued): its CPU-bound jobs wait and are canceled at the end, while the
 * worker still counts for readiness and runs provider jobs.
 */
export function withImageWorker(options: { localJobs?: boolean } = {}): void {
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    await cancelQueued();
    worker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: 4 });
    if (options.localJobs === false) await worker.boss.offWork(LOCAL_QUEUE);
  });
  afterAll(async () => {
    await cancelQueued();
    await worker?.stop();
    await stopQueueClient();
    await closeOperationEvents();
  });
}

async function cancelQueued(): Promise<void> {
  // A few at a time: a file that sweeps the image routes leaves hundreds queued.
  const queued = await db.operation.findMany({ where: { status: "queued" } });
  for (let start = 0; start < queued.length; start += 8) await Promise.all(queued.slice(start, start + 8).map((operation) => requestCancel(operation)));
}

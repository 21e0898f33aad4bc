// Image calls wait for a worker: test files that make them run one inside the test process, with the
// test's own environment (fake provider URLs and keys), for the length of the file. Work a file left
// queued is canceled when it ends, so no file inherits another's queue.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { stopQueueClient } from "@/lib/jobs/boss";
import { requestCancel } from "@/lib/jobs/cancel";
import { closeOperationEvents } from "@/lib/jobs/events";
import { startWorker, type RunningWorker } from "@/lib/jobs/worker";

export function withImageWorker(): void {
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    worker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: 4 });
  });
  afterAll(async () => {
    // A few at a time: a file that sweeps the image routes leaves hundreds queued.
    const queued = await db.operation.findMany({ where: { status: "queued" } });
    for (let start = 0; start < queued.length; start += 8) await Promise.all(queued.slice(start, start + 8).map((operation) => requestCancel(operation)));
    await worker?.stop();
    await stopQueueClient();
    await closeOperationEvents();
  });
}

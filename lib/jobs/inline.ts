// Jobs without a worker tier (JOBS_INLINE=true, for platforms with no long-running processes and for
// tiny installs): the web process runs an operation's job itself, right after its charge commits,
// with the same job code, the same exactly-once settlement and the same refunds as a worker.
//
// The queue job is still written with the charge, but set to start only at the operation's deadline,
// so a worker that also watches the queue never takes it while it runs here; it is completed here
// when the run ends. If this process dies mid-job, the operation is past its deadline by the time the
// job becomes visible, and the sweeper (a worker's, the cron route's, or this server's own, see
// instrumentation-node.ts) fails it with its refund, exactly once.
import "server-only";
import { after } from "next/server";
import type { Operation } from "@/lib/generated/prisma/client";
import { queueClient } from "./boss";
import { logger } from "@/lib/observability/log";
import { withLogContext } from "@/lib/observability/request-context";

const log = logger("jobs");

type InlineJob = Pick<Operation, "id" | "queue" | "jobId">;

async function runEach(operations: InlineJob[]): Promise<void> {
  // Loaded on first use only: the job code reaches the local image engine, whose packages no route's
  // function carries (lib/imaging/engine-packages.json names this module; next.config.ts keeps them out of traces).
  const { runImageJob } = await import("./run-job");
  const boss = await queueClient();
  for (const operation of operations) {
    try {
      await withLogContext({ operationId: operation.id }, () => runImageJob(operation.id));
    } catch (error) {
      log.error({ err: error, operationId: operation.id }, "inline run failed");
      continue;
    }
    if (operation.queue && operation.jobId) {
      await boss.complete(operation.queue, operation.jobId, null, { includeQueued: true }).catch((error: unknown) => {
        log.error({ err: error, operationId: operation.id, jobId: operation.jobId }, "inline job not completed");
      });
    }
  }
  // No worker will send the webhooks those operations' ends queued: this process does.
  const { drainWebhookDeliveries } = await import("@/lib/webhooks/drain");
  await drainWebhookDeliveries().catch((error: unknown) => log.error({ err: error }, "inline webhook deliveries failed"));
}

/**
 * Runs the operations' jobs in this process, one after another, without holding up the caller. The
 * platform keeps the function alive until they end (`after`, which Vercel maps to waitUntil); outside
 * a request (scripts, tests) the work simply runs on.
 */
export function runJobsInline(operations: InlineJob[]): void {
  const work = runEach(operations);
  try {
    after(() => work);
  } catch {
    // Not inside a request: nothing to extend.
  }
}

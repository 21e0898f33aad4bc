// One worker process: takes local-engine jobs one at a time (they are CPU-bound) and provider jobs
// several at a time (they wait on the network), refunds dead-lettered jobs, and sweeps operations
// stuck past their deadline, with a heartbeat row the readiness check reads. `npm run worker` runs
// several of these under a supervisor.
import "server-only";
import type { Job, PgBoss } from "pg-boss";
import { onBackgroundModelCrash } from "@/lib/imaging/local/cutout";
import { preloadContentModel } from "@/lib/moderation/image";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { deliverySlots } from "@/lib/webhooks/delivery-slots";
import { sealStoredSecrets } from "@/lib/crypto/secret-sealing";
import { WEBHOOK_QUEUE, type WebhookJobData } from "@/lib/webhooks/queue";
import { startWorkerBoss } from "./boss";
import { startHeartbeat, type Heartbeat } from "./heartbeat";
import { installQueues } from "./queue-config";
import { DEAD_LETTER_QUEUE, LOCAL_QUEUE, queueSettings, REMOTE_QUEUE, type ImageJobData } from "./queues";
import { runImageJob } from "./run-job";
import { failOperation } from "./settle";
import { sweepStuckOperations, WORKER_LOST } from "./sweeper";
import { lapseGrantedPlans } from "@/lib/admin/plan-grants";
import { logger } from "@/lib/observability/log";
import { withLogContext } from "@/lib/observability/request-context";
import { recordJobDeadLettered } from "@/lib/observability/metrics";

const log = logger("worker");

const SWEEP_INTERVAL_MS = 30_000;
/**
 * On queues that notify, pg-boss wakes a worker when a job is added and otherwise polls at the
 * notify interval (30 s by default): a worker that has just finished a job must look again at once,
 * or a backlog drains one job per interval.
 */
const POLLING = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 } as const;

export interface WorkerOptions {
  databaseUrl: string;
  remoteConcurrency: number;
}

export interface RunningWorker {
  boss: PgBoss;
  heartbeat: Heartbeat;
  stop(): Promise<void>;
}

/** Runs each job in turn, every line it logs carrying its operation's id. */
async function eachJob(jobs: Job<ImageJobData>[], run: (operationId: string) => Promise<unknown>): Promise<void> {
  for (const job of jobs) await withLogContext({ operationId: job.data.operationId }, () => run(job.data.operationId));
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  // This worker's settings win: the queues follow the configuration of the processes that run them.
  await installQueues(options.databaseUrl, queueSettings());
  const boss = await startWorkerBoss(options.databaseUrl, options.remoteConcurrency + 4);
  let crashed = false;
  onBackgroundModelCrash((error) => {
    // The failed job settles (and refunds) through its own rejection; then this process makes way
    // for a fresh one, since onnxruntime cannot load a second time here.
    log.error({ err: error }, "the background model crashed; this worker will restart");
    crashed = true;
  });
  const afterJob = () => {
    if (crashed) setTimeout(() => process.exit(70), 100);
  };
  // The image check's model takes seconds to load: loaded before the first job, not within its time.
  // A load that fails is logged here and tried again by the first job, which fails (refunded) if it fails again.
  await preloadContentModel().catch((error: unknown) => log.error({ err: error }, "the image check's model did not load"));
  await boss.work<ImageJobData>(LOCAL_QUEUE, { localConcurrency: 1, ...POLLING }, async (jobs) => {
    await eachJob(jobs, runImageJob);
    afterJob();
  });
  await boss.work<ImageJobData>(REMOTE_QUEUE, { localConcurrency: options.remoteConcurrency, ...POLLING }, (jobs) => eachJob(jobs, runImageJob));
  // Webhook deliveries wait on other people's servers: several at once, each within its own timeout;
  // the queue lets each endpoint have one attempt in flight, and one account holds only some slots.
  const delivery = deliverySlots();
  await sealStoredSecrets().catch((error: unknown) => log.error({ err: error }, "sealing webhook secrets failed"));
  await boss.work<WebhookJobData>(WEBHOOK_QUEUE, { localConcurrency: delivery.slots, localGroupConcurrency: delivery.perAccount, ...POLLING }, async (jobs) => {
    for (const job of jobs) await attemptDelivery(job.data.deliveryId, job.retryCount);
  });
  await boss.work<ImageJobData>(DEAD_LETTER_QUEUE, { pollingIntervalSeconds: 2 }, (jobs) =>
    eachJob(jobs, (id) => {
      recordJobDeadLettered();
      return failOperation(id, WORKER_LOST);
    }),
  );
  const sweep = () => {
    void sweepStuckOperations().catch((error: unknown) => log.error({ err: error }, "sweep failed"));
    // A plan granted from the console ends at its end date, within a sweep of it.
    void lapseGrantedPlans().catch((error: unknown) => log.error({ err: error }, "lapsing granted plans failed"));
  };
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweep();
  // Only now does this worker take jobs, so only now does it say it is there.
  const heartbeat = await startHeartbeat();
  return {
    boss,
    heartbeat,
    stop: async () => {
      clearInterval(sweeper);
      // A stopping worker takes no new jobs: it stops counting for readiness at once.
      await heartbeat.stop();
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

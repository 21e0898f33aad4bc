// The periodic housekeeping, whoever schedules it (`npm run storage:cleanup` from cron, or Vercel
// Cron through GET /api/cron/cleanup): finish erasing deleted accounts, delete expired files nothing
// shows, fail and refund operations stuck past their deadline (workers sweep too; where jobs run
// inline there are no workers), seal webhook signing secrets not yet under the current key, and end
// plans granted from the console whose end date has come (workers do too). Each step runs even when another failed, so one stuck step cannot
// stop the rest for good; a failure still fails the run, so the scheduler shows it.
import "server-only";
import { finishPendingErasures } from "@/lib/account/erase";
import { lapseGrantedPlans } from "@/lib/admin/plan-grants";
import { deleteExpiredFiles } from "@/lib/storage/cleanup";
import { sealStoredSecrets } from "@/lib/crypto/secret-sealing";
import { sweepStuckOperations } from "./sweeper";
import { logger } from "@/lib/observability/log";

const log = logger("cleanup");

export interface CleanupCounts {
  erasedAccounts: number;
  deletedFiles: number;
  sweptOperations: number;
  sealedWebhookSecrets: number;
  lapsedPlanGrants: number;
}

const STEPS: [keyof CleanupCounts, () => Promise<number>][] = [
  ["erasedAccounts", finishPendingErasures],
  ["deletedFiles", () => deleteExpiredFiles()],
  ["sweptOperations", () => sweepStuckOperations()],
  ["sealedWebhookSecrets", sealStoredSecrets],
  ["lapsedPlanGrants", () => lapseGrantedPlans()],
];

export async function runScheduledCleanup(): Promise<CleanupCounts> {
  const counts: CleanupCounts = { erasedAccounts: 0, deletedFiles: 0, sweptOperations: 0, sealedWebhookSecrets: 0, lapsedPlanGrants: 0 };
  const failures: unknown[] = [];
  for (const [name, step] of STEPS) {
    try {
      counts[name] = await step();
    } catch (error) {
      log.error({ err: error, step: name }, "cleanup step failed");
      failures.push(error);
    }
  }
  if (failures.length) throw new AggregateError(failures, `Scheduled cleanup: ${failures.length} step(s) failed`);
  return counts;
}

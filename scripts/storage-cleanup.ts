// npm run storage:cleanup — finishes the erasure of deleted accounts (see lib/account/erase.ts),
// deletes expired stored files that nothing shows (see lib/storage/cleanup.ts) and fails and refunds
// operations stuck past their deadline, and seals webhook signing secrets not yet under the current
// encryption key: the same run as GET /api/cron/cleanup
// (lib/jobs/scheduled-cleanup.ts). Schedule it, e.g. hourly with cron or a platform job.
import { runScheduledCleanup } from "../lib/jobs/scheduled-cleanup";
import { exitAfterFailure, exitOnUncaughtErrors } from "../lib/observability/errors";
import { logger } from "../lib/observability/log";

const log = logger("storage:cleanup");

async function main() {
  const { erasedAccounts, deletedFiles, sweptOperations, sealedWebhookSecrets } = await runScheduledCleanup();
  if (erasedAccounts > 0) log.info({ erasedAccounts }, `Finished erasing ${erasedAccounts} deleted account${erasedAccounts === 1 ? "" : "s"}.`);
  log.info({ deletedFiles }, `Deleted ${deletedFiles} expired file${deletedFiles === 1 ? "" : "s"}.`);
  if (sweptOperations > 0) log.info({ sweptOperations }, `Failed and refunded ${sweptOperations} stuck operation${sweptOperations === 1 ? "" : "s"}.`);
  if (sealedWebhookSecrets > 0)
    log.info(
      { sealedWebhookSecrets },
      `Encrypted ${sealedWebhookSecrets} webhook signing secret${sealedWebhookSecrets === 1 ? "" : "s"} under the current key.`,
    );
}

exitOnUncaughtErrors("storage:cleanup");
main()
  .then(() => process.exit(0))
  .catch((error: unknown) => exitAfterFailure(error, "storage:cleanup", "the cleanup failed"));

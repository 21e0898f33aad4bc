// npm run storage:cleanup — finishes the erasure of deleted accounts (see lib/account/erase.ts), then
// deletes expired stored files that nothing shows (see lib/storage/cleanup.ts). Schedule it, e.g.
// hourly with cron or a platform job.
import { finishPendingErasures } from "../lib/account/erase";
import { deleteExpiredFiles } from "../lib/storage/cleanup";

async function main() {
  const erased = await finishPendingErasures();
  if (erased > 0) console.log(`Finished erasing ${erased} deleted account${erased === 1 ? "" : "s"}.`);
  const count = await deleteExpiredFiles();
  console.log(`Deleted ${count} expired file${count === 1 ? "" : "s"}.`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

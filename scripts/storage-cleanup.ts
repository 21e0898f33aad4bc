// npm run storage:cleanup — deletes expired stored files (see lib/storage/cleanup.ts). Schedule it,
// e.g. hourly with cron or a platform job.
import { deleteExpiredFiles } from "../lib/storage/cleanup";

deleteExpiredFiles()
  .then((count) => {
    console.log(`Deleted ${count} expired file${count === 1 ? "" : "s"}.`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

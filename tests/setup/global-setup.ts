// Before any Jest test: one fresh database per worker that will run (see workerDatabaseUrl), created,
// migrated and seeded all at once, and empty file folders. Every run starts from the same state, so no
// test meets rows an earlier run left pointing at files that are gone.
import { rm } from "node:fs/promises";
import { ensureDatabase } from "../../lib/db/migrate";
import { prepareDatabase } from "../../lib/db/prepare";
import { dropDatabase } from "./databases";
import { TEST_DATABASE_URL, workerDatabaseUrl, workerStorageDir } from "./test-env";

export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => index + 1);
  // The database the workers' names derive from: the preview tests make previews on its server
  // through it.
  await ensureDatabase(TEST_DATABASE_URL);
  await Promise.all(
    workers.map(async (worker) => {
      await rm(workerStorageDir(worker), { recursive: true, force: true });
      await dropDatabase(workerDatabaseUrl(worker));
      await prepareDatabase(workerDatabaseUrl(worker));
    }),
  );
}

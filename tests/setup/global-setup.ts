// Before any Jest test: creates, migrates and seeds one database per worker that will run (see
// workerDatabaseUrl), all at once.
import { prepareDatabase } from "../../lib/db/prepare";
import { workerDatabaseUrl } from "./test-env";

export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => index + 1);
  await Promise.all(workers.map((worker) => prepareDatabase(workerDatabaseUrl(worker))));
}

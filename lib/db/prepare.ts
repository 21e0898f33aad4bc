// Brings a database to a usable state: creates it if needed, applies pending migrations, installs the
// job queue's schema and queues, and seeds it.
// Shared by the dev launcher, the browser tests' server and Jest's global setup.
import { seed } from "../../prisma/seed";
import { installQueues } from "../jobs/queue-config";
import { applyMigrations, ensureDatabase } from "./migrate";

/** Returns the names of the migrations it applied. */
export async function prepareDatabase(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const applied = await applyMigrations(databaseUrl);
  await installQueues(databaseUrl);
  await seed(databaseUrl);
  return applied;
}

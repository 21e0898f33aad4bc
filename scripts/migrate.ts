// npm run db:migrate — creates the database if needed, applies pending migrations and installs the
// job queue (pg-boss's schema and the image queues).
import { applyMigrations, ensureDatabase } from "../lib/db/migrate";
import { installQueues } from "../lib/jobs/queue-config";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set. `npm run dev` starts an embedded database and migrates it for you.");
    process.exit(1);
  }
  await ensureDatabase(url);
  const applied = await applyMigrations(url);
  await installQueues(url);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// Before any Jest test: create the test database if needed, migrate it and seed it.
import { applyMigrations, ensureDatabase } from "../../lib/db/migrate";
import { seed } from "../../prisma/seed";
import { TEST_DATABASE_URL } from "./test-env";

export default async function globalSetup() {
  await ensureDatabase(TEST_DATABASE_URL);
  await applyMigrations(TEST_DATABASE_URL);
  await seed(TEST_DATABASE_URL);
}

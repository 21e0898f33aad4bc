// Before any Jest test: create the test database if needed, migrate it and seed it.
import { prepareDatabase } from "../../lib/db/prepare";
import { TEST_DATABASE_URL } from "./test-env";

export default async function globalSetup() {
  await prepareDatabase(TEST_DATABASE_URL);
}

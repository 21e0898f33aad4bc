// npm test — every check in order: lint, formatting, the workflows' lint, typecheck, Jest (unit and
// integration against PostgreSQL), then the browser tests in Chromium. Uses the PostgreSQL server at
// 127.0.0.1:5432 when one answers (or TEST_DATABASE_URL / E2E_DATABASE_URL when set), otherwise an
// embedded one under .data/.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { isPortOpen, startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";

const steps: Array<[string, string[]]> = [
  ["lint", ["eslint", "."]],
  ["formatting", ["prettier", "--check", "."]],
  ["workflow lint", ["tsx", "scripts/lint-workflows.ts"]],
  ["typecheck", ["tsc", "--noEmit"]],
  // Two workers, each on a database of its own (tests/setup/global-setup.ts).
  ["unit and integration tests", ["jest", "--maxWorkers=2"]],
  ["browser tests", ["playwright", "test"]],
];

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.TEST_DATABASE_URL && !(await isPortOpen("127.0.0.1", 5432))) {
    console.log("No PostgreSQL at 127.0.0.1:5432: starting an embedded one for the tests.");
    embedded = await startEmbeddedPostgres(path.join(process.cwd(), ".data", "test-postgres"), 54330);
    process.env.TEST_DATABASE_URL = `${embedded.serverUrl}/pictura_test`;
    process.env.E2E_DATABASE_URL ??= `${embedded.serverUrl}/pictura_e2e`;
  }
  let failed = false;
  for (const [name, [command, ...args]] of steps) {
    console.log(`\n▶ ${name}`);
    const result = spawnSync(command!, args, { stdio: "inherit", env: process.env });
    if (result.status !== 0) {
      console.error(`✖ ${name} failed`);
      failed = true;
      break;
    }
  }
  if (embedded) await embedded.stop();
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

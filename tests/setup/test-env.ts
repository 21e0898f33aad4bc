import path from "node:path";

// Where the tests' databases live: a PostgreSQL server (127.0.0.1:5432 unless TEST_DATABASE_URL says
// otherwise), one database per Jest worker and one for the browser tests.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_test";
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_e2e";
export const TEST_AUTH_SECRET = "test-secret-with-at-least-thirty-two-characters";

/**
 * The database of Jest worker `workerId` (1, 2, …): TEST_DATABASE_URL's name with `_{workerId}`, on
 * the same server. Test files in parallel may then count rows, clear tables and read the queue as if
 * each were alone.
 */
export function workerDatabaseUrl(workerId: number | string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname}_${workerId}`;
  return url.toString();
}

/** The folder of Jest worker `workerId`'s stored files, named after its database like the database. */
export function workerStorageDir(workerId: number | string): string {
  const database = decodeURIComponent(new URL(workerDatabaseUrl(workerId)).pathname.slice(1));
  return path.join(process.cwd(), ".data", "test-files", database);
}

/**
 * Puts the named process.env variables back as they were before each test of the calling file or
 * block: for the few that Next or Auth.js read there themselves (NEXT_RUNTIME, AUTH_URL). The app's
 * settings are given with setSettings (tests/setup/settings.ts) and end with each test anyway.
 */
export function restoreEnvAfterEach(names: readonly string[]): void {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
}

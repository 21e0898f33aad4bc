// npm test — every check: lint, formatting, the workflows' lint and the typecheck side by side with
// the browser tests' production build; then Jest (unit and integration against PostgreSQL, the build's
// compile hints included) side by side with the browser tests in Chromium on that build. Each of the
// two long runs spends much of its time waiting (on the database, on a page, on the image worker),
// which leaves the other room. Uses the PostgreSQL server at 127.0.0.1:5432 when one answers (or
// TEST_DATABASE_URL / E2E_DATABASE_URL when set), otherwise an embedded one under .data/. Prints how
// long each stage took.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { isPortOpen, startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
  /** Keep the output until the step ends (steps that run beside others), and show it then. */
  quiet?: boolean;
  /** For a quiet step that passed: show its output from the line that starts with this, not its last three lines. */
  summaryFrom?: string;
}

const timings: [string, number][] = [];

/** The machine's CPU time so far, busy and all, in clock ticks (Linux's /proc/stat); null elsewhere. */
function cpuTicks(): { busy: number; total: number } | null {
  if (!existsSync("/proc/stat")) return null;
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = fields[3]! + fields[4]!;
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

const phases: string[] = [];
const startedAt = Date.now();

/** Runs a phase and records how busy it kept the machine's cores: where there is room for more work beside it. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const before = cpuTicks();
  const result = await work();
  const after = cpuTicks();
  const seconds = (Date.now() - started) / 1000;
  const busy = before && after && after.total > before.total ? ((after.busy - before.busy) / (after.total - before.total)) * 100 : null;
  phases.push(
    `${name.padEnd(30)} ${seconds.toFixed(1).padStart(7)} s${busy === null ? "" : `, cores ${busy.toFixed(0)} % busy (${availableParallelism()} cores)`}`,
  );
  return result;
}

function run({ name, command: [command, ...args], env = process.env, quiet = false, summaryFrom }: Step): Promise<boolean> {
  const started = Date.now();
  if (!quiet) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command!, args, { env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    const finish = (ok: boolean) => {
      timings.push([name, (Date.now() - started) / 1000]);
      // A step that ran beside others shows its summary when it passed, and all it printed when not
      // (a failure's cause, such as a route's logged error, may lie far above the summary).
      if (quiet) {
        const lines = output.trim().split("\n");
        const from = summaryFrom ? lines.findIndex((line) => line.startsWith(summaryFrom)) : -1;
        console.log(`\n▶ ${name} ${ok ? "passed" : "FAILED"}\n${lines.slice(ok ? (from >= 0 ? from : -3) : 0).join("\n")}`);
      }
      if (!ok) console.error(`✖ ${name} failed`);
      resolve(ok);
    };
    child.on("error", (error) => {
      output += String(error);
      finish(false);
    });
    child.on("exit", (code) => finish(code === 0));
  });
}

async function main(): Promise<boolean> {
  // The browser tests' build, with their server's settings but not its secret, beside the static checks
  // (none of which writes anything). Types are checked by tsc, so the build skips its own check.
  const { e2eBuildEnv, e2eServerEnv } = await import("../tests/e2e/server-env");
  const { prepareDatabase } = await import("../lib/db/prepare");
  await prepareDatabase(e2eServerEnv().DATABASE_URL!);
  const checks = await phase("checks beside the build", () =>
    Promise.all([
      ...[
        { name: "lint", command: ["eslint", "."] },
        { name: "formatting", command: ["prettier", "--check", "."] },
        { name: "workflow lint", command: ["tsx", "scripts/lint-workflows.ts"] },
        // TypeScript's native compiler (7), a third of 5.9's CPU; the tools that use TypeScript's API
        // (typescript-eslint, next build) stay on 5.9.
        { name: "typecheck", command: [process.execPath, "node_modules/typescript-7/bin/tsc", "--noEmit"] },
      ].map((step) => run({ ...step, quiet: true })),
      run({
        name: "browser tests' build",
        command: [process.execPath, require.resolve("next/dist/bin/next"), "build"],
        // Made without AUTH_SECRET, as a deploy's build is (tests/e2e/server-env.ts).
        env: { ...e2eBuildEnv(), BUILD_TYPES_CHECKED: "1" },
        quiet: true,
      }),
    ]),
  );
  if (checks.includes(false)) return false;

  // Jest on two workers, each on a database of its own (tests/setup/global-setup.ts), with the check of
  // the compile hints on the build just made; the browser tests beside it, on that build.
  const [jest, browser] = await phase("Jest beside the browser tests", () =>
    Promise.all([
      run({
        name: "unit and integration tests",
        command: ["jest", "--maxWorkers=2"],
        env: { ...process.env, COMPILE_HINTS_BUILD_REQUIRED: "1" },
        quiet: true,
        summaryFrom: "Slowest test files",
      }),
      run({ name: "browser tests", command: ["playwright", "test"], env: { ...process.env, E2E_SKIP_BUILD: "1" } }),
    ]),
  );
  return jest && browser;
}

async function withDatabase(): Promise<boolean> {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.TEST_DATABASE_URL && !(await isPortOpen("127.0.0.1", 5432))) {
    console.log("No PostgreSQL at 127.0.0.1:5432: starting an embedded one for the tests.");
    embedded = await startEmbeddedPostgres(path.join(process.cwd(), ".data", "test-postgres"), 54330);
    process.env.TEST_DATABASE_URL = `${embedded.serverUrl}/pictura_test`;
    process.env.E2E_DATABASE_URL ??= `${embedded.serverUrl}/pictura_e2e`;
  }
  try {
    return await main();
  } finally {
    await embedded?.stop();
    console.log("\nStages:");
    for (const [name, seconds] of timings) console.log(`  ${name.padEnd(30)} ${seconds.toFixed(1).padStart(7)} s`);
    console.log("Phases:");
    for (const line of phases) console.log(`  ${line}`);
    console.log(`  ${"all of npm test".padEnd(30)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s`);
  }
}

withDatabase().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

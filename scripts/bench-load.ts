// npm run bench:load — does the web tier stay responsive while image work runs beside it? Against a
// production build (`next build`; BENCH_SKIP_BUILD=1 reuses .next) served as `npm start` serves it
// (server.ts), with the image worker beside it as `npm run worker` runs it (separate processes at CPU
// niceness WORKER_NICE, 10 by default), on its own database (BENCH_DATABASE_URL, default
// pictura_bench, recreated on every run), it measures:
//   1. idle: a light signed-in call, GET /api/credits/balance, under autocannon, with no image work;
//   2. load: the same, while 8 cartoon operations are kept in flight (each one that ends is replaced);
//   3. throughput: cartoon operations submitted all at once to 1, then 2 worker processes.
// Exits 1 when the light call's p99 under load is over 3× its idle p99. Ends with tables for the README.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Client } from "pg";
import { median, recreateBenchDatabase } from "./bench/database";
import { killAllNow, startProcess, stopAll, stopProcess, type Started } from "./bench/processes";

const ROOT = path.resolve(__dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3160);
const APP_URL = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_bench";
const PHOTO = process.env.BENCH_PHOTO ?? "coffee.png";
/** Cartoon operations kept in flight during the load phase. */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
/** Worker processes during the idle and load phases: what `npm run worker` runs by default. */
const LOAD_WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? availableParallelism());
/**
 * The light call's load: autocannon connections, each sending its next request as soon as the last is
 * answered, for SECONDS per phase. (autocannon's rate limit sends each second's quota in one burst and
 * pads the histogram against coordinated omission, which distorts p50 and p99, so it is not used.)
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Cartoon operations submitted at once in each throughput run. */
const THROUGHPUT_OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 12);
const THROUGHPUT_WORKERS = [1, 2];
/** The app's deadline for one operation, queue wait included: a stalled run fails instead of lasting minutes. */
const OPERATION_TIMEOUT_MS = Number(process.env.BENCH_OPERATION_TIMEOUT_MS ?? 60_000);
const P99_BUDGET = 3;
const CREDITS = 100_000;

interface LightResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

interface OperationSample {
  operationId?: string;
  startedAt: number;
  endedAt: number;
  status: number;
  error?: string;
}

interface Throughput {
  workers: number;
  operations: number;
  failed: number;
  perMinute: number;
  medianSeconds: number;
  maxSeconds: number;
  jobs: JobTimes;
}

/** What the worker logged about the jobs: time in the queue and time running, medians in seconds. */
interface JobTimes {
  queueWait: number;
  run: number;
}

const LOG_DIR = path.join(tmpdir(), "pictura-bench-load");
const STORAGE_DIR = mkdtempSync(path.join(tmpdir(), "pictura-bench-files-"));

const appEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-load-secret-with-at-least-thirty-two-characters",
  APP_URL,
  AUTH_URL: `${APP_URL}/api/auth`,
  IMAGE_RATE_LIMIT: "1000000",
  IMAGE_OPERATION_TIMEOUT_MS: String(OPERATION_TIMEOUT_MS),
  IMAGE_PROVIDER: "local",
  STORAGE_DIR,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function build(): void {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    const next = require.resolve("next/dist/bin/next");
    const result = spawnSync(process.execPath, [next, "build"], { cwd: ROOT, env: appEnv, stdio: "inherit" });
    if (result.status !== 0) throw new Error("next build failed");
  }
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("No build found.");
}

async function startServer(): Promise<Started> {
  const server = startProcess("server", process.execPath, [require.resolve("tsx/cli"), "server.ts"], {
    cwd: ROOT,
    env: { ...appEnv, PORT: String(PORT), HOST: "127.0.0.1" },
    logFile: path.join(LOG_DIR, "server.log"),
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.child.exitCode !== null) throw new Error(`The server exited; see ${server.logFile}`);
    try {
      if ((await fetch(`${APP_URL}/robots.txt`)).status < 500) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${APP_URL} did not start`);
}

async function startWorkers(count: number, phase: string): Promise<Started> {
  const worker = startProcess(`worker ×${count}`, process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts", "worker.ts")], {
    cwd: ROOT,
    env: { ...appEnv, WORKER_CONCURRENCY: String(count) },
    logFile: path.join(LOG_DIR, `worker-${phase}.log`),
  });
  await worker.waitForLine((line) => line.includes('"worker_started"'), count);
  return worker;
}

/** A new account, signed up through the API, with CREDITS granted through the ledger. */
async function signUp(): Promise<string> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${APP_URL}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({ email, password: "bench-password", firstName: "Bench", lastName: "Load" }),
  });
  if (response.status !== 201) throw new Error(`Sign-up answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const cookie = response.headers.getSetCookie().find((line) => line.includes("session-token="));
  if (!cookie) throw new Error("Sign-up set no session cookie");

  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ credits: number }>("SELECT credits FROM users WHERE id = $1 FOR UPDATE", [id]);
    const delta = CREDITS - rows[0]!.credits;
    await client.query("UPDATE users SET credits = $2 WHERE id = $1", [id, CREDITS]);
    await client.query(
      `INSERT INTO credit_transactions (id, "userId", kind, operation, delta, "balanceAfter", "idempotencyKey") VALUES ($1, $2, 'grant', 'bench_setup', $3, $4, $5)`,
      [randomUUID(), id, delta, CREDITS, `bench-setup:${id}`],
    );
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
  return cookie.split(";")[0]!;
}

/** One cartoon operation, waited for as a browser does (no Prefer header: the call answers with the result). */
async function cartoon(cookie: string, photo: Uint8Array<ArrayBuffer>): Promise<OperationSample> {
  const form = new FormData();
  form.set("image", new Blob([photo], { type: "image/png" }), PHOTO);
  form.set("operation", "cartoon_style");
  form.set("style", "cartoon");
  const startedAt = performance.now();
  try {
    const response = await fetch(`${APP_URL}/api/flux/edit`, { method: "POST", headers: { cookie, origin: APP_URL }, body: form });
    const body = (await response.json().catch(() => null)) as { operationId?: string; error?: string } | null;
    const error = response.status === 200 ? undefined : (body?.error ?? "no_json");
    return { operationId: body?.operationId, startedAt, endedAt: performance.now(), status: response.status, error };
  } catch (error) {
    return { startedAt, endedAt: performance.now(), status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Keeps `count` cartoon operations in flight until `stop` is called; `stop` waits for the last ones. */
function keepInFlight(count: number, cookie: string, photo: Uint8Array<ArrayBuffer>) {
  let stopping = false;
  const samples: OperationSample[] = [];
  const loops = Array.from({ length: count }, async () => {
    while (!stopping) samples.push(await cartoon(cookie, photo));
  });
  return {
    samples,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

async function measureLight(cookie: string, seconds = SECONDS): Promise<LightResult> {
  const result = await autocannon({ url: `${APP_URL}/api/credits/balance`, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.non2xx + result.errors,
  };
}

function jobTimes(worker: Started, samples: OperationSample[]): JobTimes {
  const ids = new Set(samples.map((sample) => sample.operationId));
  const jobs: { queueWaitMs: number; runMs: number }[] = [];
  for (const line of worker.lines) {
    if (!line.includes('"image_job"')) continue;
    const job = JSON.parse(line) as { operationId: string; queueWaitMs: number; runMs: number };
    if (ids.has(job.operationId)) jobs.push(job);
  }
  return { queueWait: median(jobs.map((job) => job.queueWaitMs)) / 1000, run: median(jobs.map((job) => job.runMs)) / 1000 };
}

async function throughput(workers: number, cookie: string, photo: Uint8Array<ArrayBuffer>): Promise<Throughput> {
  const worker = await startWorkers(workers, `throughput-${workers}`);
  try {
    // One operation per worker process first, so each has loaded its image libraries.
    await Promise.all(Array.from({ length: workers }, () => cartoon(cookie, photo)));
    const started = performance.now();
    const samples = await Promise.all(Array.from({ length: THROUGHPUT_OPERATIONS }, () => cartoon(cookie, photo)));
    const seconds = (performance.now() - started) / 1000;
    const succeeded = samples.filter((sample) => sample.status === 200);
    return {
      workers,
      operations: samples.length,
      failed: samples.length - succeeded.length,
      perMinute: (succeeded.length / seconds) * 60,
      medianSeconds: median(samples.map((sample) => (sample.endedAt - sample.startedAt) / 1000)),
      maxSeconds: Math.max(...samples.map((sample) => (sample.endedAt - sample.startedAt) / 1000)),
      jobs: jobTimes(worker, succeeded),
    };
  } finally {
    await stopProcess(worker, 40_000);
  }
}

function describeFailures(samples: OperationSample[]): string {
  const counts = new Map<string, number>();
  for (const sample of samples)
    if (sample.status !== 200) counts.set(`${sample.status} ${sample.error}`, (counts.get(`${sample.status} ${sample.error}`) ?? 0) + 1);
  return [...counts].map(([failure, count]) => `${count}× ${failure}`).join(", ") || "none";
}

const ms = (value: number) => value.toFixed(1);

function printLight(idle: LightResult, load: LightResult, loadOperations: OperationSample[], windowSeconds: number, jobs: JobTimes): boolean {
  const ratio = load.p99 / idle.p99;
  const passed = ratio <= P99_BUDGET;
  const succeeded = loadOperations.filter((sample) => sample.status === 200);
  console.log(
    `\nLight call: GET /api/credits/balance signed in, autocannon with ${CONNECTIONS} connections (each request sent as the last is answered), ${SECONDS} s per phase.`,
  );
  console.log(
    `Worker: ${LOAD_WORKERS} process(es) at niceness ${appEnv.WORKER_NICE ?? 10}; load: ${IN_FLIGHT} cartoon operations (${PHOTO}) kept in flight.\n`,
  );
  console.log("| phase | req/s | p50 ms | p99 ms | max ms | failed requests |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name, result] of [
    ["idle (workers running, no jobs)", idle],
    [`${IN_FLIGHT} cartoon operations in flight`, load],
  ] as const) {
    console.log(`| ${name} | ${result.perSecond.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${result.failed} |`);
  }
  console.log(
    `\nCartoon operations during the load window: ${succeeded.length} finished (${((succeeded.length / windowSeconds) * 60).toFixed(1)}/min), ` +
      `median latency ${(median(succeeded.map((sample) => sample.endedAt - sample.startedAt)) / 1000).toFixed(1)} s ` +
      `(in the queue ${jobs.queueWait.toFixed(1)} s, running ${jobs.run.toFixed(1)} s); failed: ${describeFailures(loadOperations)}.`,
  );
  console.log(`p99 under load / p99 idle = ${ratio.toFixed(2)}× (budget ${P99_BUDGET}×): ${passed ? "PASS" : "FAIL"}`);
  return passed;
}

function printThroughput(results: Throughput[]): void {
  console.log(`\nCartoon throughput: ${THROUGHPUT_OPERATIONS} operations (${PHOTO}) submitted at once, after one warm-up operation per worker process;`);
  console.log(
    `each may take ${OPERATION_TIMEOUT_MS / 1000} s from its charge to its result (IMAGE_OPERATION_TIMEOUT_MS). Queue wait and run time: medians of the operations that finished, as the worker logs them.\n`,
  );
  console.log("| worker processes | operations/min | median latency s | max latency s | median queue wait s | median run s | failed |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const result of results) {
    const cells = [result.perMinute, result.medianSeconds, result.maxSeconds, result.jobs.queueWait, result.jobs.run].map((value) => value.toFixed(1));
    console.log(`| ${result.workers} | ${cells.join(" | ")} | ${result.failed}/${result.operations} |`);
  }
}

async function main(): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  for (const name of ["server.log", "worker-load.log", ...THROUGHPUT_WORKERS.map((count) => `worker-throughput-${count}.log`)])
    rmSync(path.join(LOG_DIR, name), { force: true });
  await recreateBenchDatabase(DATABASE_URL, "BENCH_DATABASE_URL");
  build();
  const photo = new Uint8Array(readFileSync(path.join(ROOT, "tests", "fixtures", "photos", PHOTO)));
  console.log(`Starting the server on ${APP_URL} and ${LOAD_WORKERS} worker process(es); logs in ${LOG_DIR}`);
  await startServer();
  const worker = await startWorkers(LOAD_WORKERS, "load");
  const cookie = await signUp();

  // Warm-up: the server's routes and each worker process's image libraries.
  await measureLight(cookie, 2);
  await Promise.all(Array.from({ length: LOAD_WORKERS }, () => cartoon(cookie, photo)));

  console.log("Idle phase…");
  const idle = await measureLight(cookie);
  console.log(`Load phase: ${IN_FLIGHT} cartoon operations in flight…`);
  const load = keepInFlight(IN_FLIGHT, cookie, photo);
  await sleep(3000);
  const windowStart = performance.now();
  const underLoad = await measureLight(cookie);
  const windowEnd = performance.now();
  await load.stop();
  await stopProcess(worker, 40_000);
  const inWindow = load.samples.filter((sample) => sample.endedAt >= windowStart && sample.endedAt <= windowEnd);
  const loadJobs = jobTimes(worker, inWindow);

  const results: Throughput[] = [];
  for (const workers of THROUGHPUT_WORKERS) {
    console.log(`Throughput with ${workers} worker process(es)…`);
    results.push(await throughput(workers, cookie, photo));
  }

  const passed = printLight(idle, underLoad, inWindow, (windowEnd - windowStart) / 1000, loadJobs);
  console.log(`All load-phase operations: ${load.samples.length}, failed: ${describeFailures(load.samples)}.`);
  printThroughput(results);
  if (!passed) process.exitCode = 1;
}

let cleanedUp = false;
async function cleanUp(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  await stopAll();
  rmSync(STORAGE_DIR, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}
process.on("exit", killAllNow);

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);

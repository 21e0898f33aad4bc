// Real worker processes killed with SIGKILL in the middle of a job: the job is retried once on
// another worker, and an operation whose workers keep dying is refunded exactly once. Either way the
// ledger still adds up to the balance.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { closeOperationEvents } from "@/lib/jobs/events";
import { environment } from "@/lib/settings/source";
import { FakeFlux } from "../fakes/flux-server";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, ledgerKinds, ledgerMatchesBalance } from "./imaging-helpers";
import { spawnWorker } from "./worker-process";
import { setSettings } from "../setup/settings";

jest.setTimeout(150_000);

const flux = new FakeFlux();
const workers = new Set<ChildProcess>();
/**
 * A worker the last test left running and idle: the next test takes its first job with it instead of
 * starting (and paying for) another process. Any other worker is killed after each test.
 */
let idle: ChildProcess | undefined;
/** What the workers printed, shown when a test fails. */
const output: string[] = [];

const fluxEnv = () => ({
  BFL_API_KEY: flux.apiKey,
  BFL_BASE_URL: flux.apiUrl,
  BFL_POLL_INTERVAL_MS: "100",
  BFL_POLL_TIMEOUT_MS: "120000",
  IMAGE_PROVIDER_MAX_RETRIES: "0",
});

/** A worker process, once it has set up the queues and is taking jobs. */
async function startWorkerProcess(): Promise<ChildProcess> {
  // The shortest heartbeat pg-boss allows, looked for every second: a killed worker's job is failed
  // over as soon as the queue can tell.
  const child = spawnWorker({ WORKER_HEARTBEAT_SECONDS: "10", WORKER_SUPERVISE_SECONDS: "1" }, ["ignore", "pipe", "pipe"]);
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  workers.add(child);
  child.on("exit", () => workers.delete(child));
  await waitFor(async () => output.join("").includes(`"pid":${child.pid}`), "the worker to start");
  return child;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}. The workers said:\n${output.join("").slice(-4000)}`);
}

const runningAttempt = (operationId: string, attempt: number, pollsBefore: number) =>
  waitFor(async () => {
    const operation = await db.operation.findUnique({ where: { id: operationId } });
    return operation?.status === "running" && operation.attempts === attempt && flux.polls.length > pollsBefore;
  }, `attempt ${attempt} to be polling the provider`);

async function startGeneration(cookie: string): Promise<string> {
  const response = await generate(
    apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse at dusk" }, headers: { prefer: "respond-async" } }),
  );
  expect(response.status).toBe(202);
  return (await response.json()).operationId;
}

beforeAll(async () => {
  await flux.start();
  // The web tier picks the provider, the workers call it: both see Flux configured (spawnWorker
  // passes the test's settings on).
  setSettings(fluxEnv());
});

/** The idle worker a previous test left, or a new one. */
async function aWorkerProcess(): Promise<ChildProcess> {
  const child = idle;
  idle = undefined;
  return child && child.exitCode === null && child.signalCode === null ? child : startWorkerProcess();
}

afterEach(async () => {
  for (const child of workers) if (child !== idle) await kill(child);
});

afterAll(async () => {
  for (const child of workers) await kill(child);
  await flux.stop();
  await stopQueueClient();
  await closeOperationEvents();
});

it("retries a job once on another worker after its worker is killed, with exactly one result and no refund", async () => {
  flux.scenario = { kind: "never-ready" };
  const { user, cookie } = await signedInUser();
  const first = await startWorkerProcess();
  const operationId = await startGeneration(cookie);
  await runningAttempt(operationId, 1, 0);
  await kill(first);

  flux.scenario = { kind: "ready", pendingPolls: 1 };
  const second = await startWorkerProcess();
  const done = await waitFor(
    async () => {
      const operation = await db.operation.findUnique({ where: { id: operationId } });
      return operation && ["succeeded", "failed", "canceled"].includes(operation.status) ? operation : null;
    },
    "the retried job to end",
    90_000,
  );

  expect(done).toMatchObject({ status: "succeeded", attempts: 2 });
  expect(done.resultFileId).not.toBeNull();
  expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
  expect(await ledgerMatchesBalance(user.id)).toBe(true);
  idle = second;
});

it("refunds exactly once when the retry's worker is killed too", async () => {
  flux.reset();
  flux.scenario = { kind: "never-ready" };
  const { user, cookie } = await signedInUser();
  const first = await aWorkerProcess();
  const operationId = await startGeneration(cookie);
  await runningAttempt(operationId, 1, 0);
  await kill(first);

  const second = await startWorkerProcess();
  await runningAttempt(operationId, 2, flux.polls.length);
  await kill(second);

  // A third worker supervises: it finds the silent job, has no retry left, and refunds it.
  await startWorkerProcess();
  const ended = await waitFor(
    async () => {
      const operation = await db.operation.findUnique({ where: { id: operationId } });
      return operation?.status === "failed" ? operation : null;
    },
    "the refund",
    90_000,
  );
  expect(ended.errorCode).toBe("processing_failed");
  expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
  expect(await balanceOf(user.id)).toBe(60);
  expect(await ledgerMatchesBalance(user.id)).toBe(true);
  expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(0);
});

it("npm run worker replaces a worker process that dies, and runs them at a lower CPU priority", async () => {
  const supervisor = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "scripts", "worker.ts")], {
    // At info, as production logs: the test reads the supervisor's lines about its processes.
    env: { ...environment(), WORKER_CONCURRENCY: "1", WORKER_NICE: "5", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.add(supervisor);
  supervisor.on("exit", () => workers.delete(supervisor));
  const lines: string[] = [];
  supervisor.stdout?.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  supervisor.stderr?.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  const started = () => lines.filter((line) => line.includes('"worker_started"')).map((line) => (JSON.parse(line) as { pid: number }).pid);

  const [first] = await waitFor(async () => (started().length >= 1 ? started() : null), "the first worker process");
  const { execSync } = await import("node:child_process");
  expect(Number(execSync(`ps -o ni= -p ${first}`).toString().trim())).toBe(5);
  process.kill(first!, "SIGKILL");
  const [, second] = await waitFor(async () => (started().length >= 2 ? started() : null), "a replacement worker process");
  expect(second).not.toBe(first);
  expect(lines.some((line) => line.includes('"worker_exited"') && line.includes(`"pid":${first}`))).toBe(true);
  await new Promise<void>((resolve) => {
    supervisor.once("exit", () => resolve());
    supervisor.kill("SIGTERM");
  });
});

// One trace from the built app's request into the worker, as an operator's collector receives it: the
// app as `npm start` runs it (server.ts, Next's own span for each request) and an image worker beside
// it (scripts/worker.ts) push their spans over OTLP/HTTP to a fake collector, and an image request
// against a fake Flux makes one trace in which the web server's span for that request is an ancestor,
// by parent links, of the worker's job span and of the Flux call's span. Both processes run on a
// database of their own, so neither this worker nor the browser tests' one takes the other's jobs.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FakeFlux } from "../fakes/flux-server";
import { FakeOtlpCollector, type CollectedSpan } from "../fakes/otlp-collector";
import { databaseOnServer, dropDatabase } from "../setup/databases";
import { E2E_DATABASE_URL, TEST_AUTH_SECRET } from "../setup/test-env";
import { startAppServer, type AppServer } from "./app-server";

const PORT = 3190;
const ORIGIN = `http://localhost:${PORT}`;
const DATABASE_URL = databaseOnServer(E2E_DATABASE_URL, `pictura_traces_${randomUUID().slice(0, 8)}`);
/** OTLP numbers span kinds from 1: a server's span for a request it answers is 2, a consumer's (pg-boss's job span) 5. */
const OTLP_SERVER = 2;
const OTLP_CONSUMER = 5;

const flux = new FakeFlux();
const collector = new FakeOtlpCollector();
let app: AppServer | undefined;
let worker: ChildProcess | undefined;
let workerOutput = "";

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")], {
    cwd: path.join(__dirname, "..", ".."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: TEST_AUTH_SECRET,
      WORKER_CONCURRENCY: "1",
      WORKER_NICE: "0",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (workerOutput += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (workerOutput += chunk.toString()));
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const check = setInterval(() => {
      if (workerOutput.includes(`"worker_started"`)) {
        clearInterval(check);
        resolve(child);
      } else if (child.exitCode !== null || Date.now() > deadline) {
        clearInterval(check);
        child.kill("SIGKILL");
        reject(new Error(`The worker did not start:\n${workerOutput.slice(-4000)}`));
      }
    }, 100);
  });
}

async function stopWorker(): Promise<void> {
  const child = worker;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // SIGTERM: the supervisor stops its process, which sends its last spans first.
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { prepareDatabase } = await import("../../lib/db/prepare");
  await Promise.all([prepareDatabase(DATABASE_URL), flux.start(), collector.start()]);
  // The same settings for both, as one deployment's; no protocol named, so both send protobuf.
  const settings = {
    DATABASE_URL,
    APP_URL: ORIGIN,
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: "100",
    BFL_API_KEY: flux.apiKey,
    BFL_BASE_URL: flux.apiUrl,
    BFL_POLL_INTERVAL_MS: "50",
    IMAGE_PROVIDER_MAX_RETRIES: "0",
  };
  app = await startAppServer({ port: PORT, env: { ...settings, CLIENT_IP_SOURCE: "socket", LOG_LEVEL: "warn" } });
  worker = await startWorker({ ...settings, WORKER_METRICS_PORT: "" });
});

test.afterAll(async () => {
  await Promise.all([app?.stop(), stopWorker()]);
  await Promise.all([flux.stop(), collector.stop()]);
  await dropDatabase(DATABASE_URL);
});

test("the web server's span for an image request is an ancestor of the worker's job span and of the Flux call's", async () => {
  test.setTimeout(120_000);
  const registered = await fetch(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({
      email: `traces-${randomUUID().slice(0, 8)}@example.com`,
      password: "a-long-enough-password",
      firstName: "Tracy",
      lastName: "Spans",
    }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  const accepted = await fetch(`${ORIGIN}/api/flux/generate`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: ORIGIN, prefer: "respond-async" },
    body: JSON.stringify({ prompt: "a lighthouse at dusk" }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(202);
  const { operationId } = (await accepted.json()) as { operationId: string };
  const status = async () => ((await (await fetch(`${ORIGIN}/api/operations/${operationId}`, { headers: { cookie } })).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 60_000, message: `the operation to succeed; the worker said:\n${workerOutput.slice(-4000)}` }).toBe("succeeded");
  expect(flux.submits).toHaveLength(1);

  const spans = () => collector.spans;
  const fluxCall = async () => spans().find((span) => span.service === "pictura-worker" && span.name === "Flux call");
  await expect.poll(fluxCall, { timeout: 15_000, message: "the Flux call's span" }).toBeDefined();
  const call = (await fluxCall())!;
  const inTrace = (span: CollectedSpan) => span.traceId === call.traceId;
  const jobSpan = () => spans().find((span) => inTrace(span) && span.service === "pictura-worker" && span.kind === OTLP_CONSUMER);
  // The web server's span for the request: the server span its own process made in this trace.
  const requestSpan = () => spans().find((span) => inTrace(span) && span.service === "pictura-web" && span.kind === OTLP_SERVER);
  await expect.poll(() => jobSpan(), { timeout: 15_000, message: "the worker's job span in the Flux call's trace" }).toBeDefined();
  await expect.poll(() => requestSpan(), { timeout: 15_000, message: "the web server's request span in the Flux call's trace" }).toBeDefined();
  const request = requestSpan()!;
  const job = jobSpan()!;
  const names = (chain: CollectedSpan[]) => chain.map((span) => `${span.service} ${span.name}`);

  // Next's own span for the route in the built server, and the trace's root.
  expect(request).toMatchObject({ name: "POST /api/flux/generate", parentSpanId: "" });
  expect(new Set(collector.contentTypes)).toEqual(new Set(["application/x-protobuf"]));
  // Ancestry by parent links, from each worker span up through the queue to the web server's span.
  const jobAncestors = collector.ancestorsOf(job);
  expect(jobAncestors, names(jobAncestors).join(" < ")).toContainEqual(request);
  expect(names(jobAncestors)).toContain("pictura-web charge and enqueue");
  const callAncestors = collector.ancestorsOf(call);
  expect(callAncestors).toContainEqual(job);
  expect(names(callAncestors)).toEqual(expect.arrayContaining(["pictura-worker model run", "pictura-worker image job"]));
  // Unbroken up to the request's span, the root: every span between was received.
  expect(callAncestors.at(-1)).toEqual(request);
});

// Prometheus metrics, scraped as Prometheus would: the web server's (server.ts's request pipeline with
// its metrics, in front of the real image and operation routes) and a real `npm run worker` supervisor's
// (scripts/worker.ts, one endpoint for its worker processes) while image jobs run against a fake Flux.
// The figures move where the work happens, under route patterns and known words only; and a thousand
// requests for random addresses add no series, a tool's call among them labelled call="image".
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { POST as generate } from "@/app/api/flux/generate/route";
import { GET as readOperation } from "@/app/api/operations/[id]/route";
import { env } from "@/lib/env";
import { stopQueueClient } from "@/lib/jobs/boss";
import { closeOperationEvents } from "@/lib/jobs/events";
import { startWebMetrics, type WebMetrics } from "@/lib/observability/metrics-web";
import { environment } from "@/lib/settings/source";
import { callPathsOf } from "@/lib/tools/derive";
import { FakeFlux } from "../fakes/flux-server";
import { setSettings } from "../setup/settings";
import { signedInUser } from "./helpers";
import { countOf, labelValues, NEXT_BUILD, scrape, seriesCount, startMeasuredPipeline, valueOf, type MeasuredPipeline } from "./metrics-helpers";

jest.setTimeout(120_000);

const flux = new FakeFlux();
let web: WebMetrics;
let site: MeasuredPipeline;
let supervisor: ChildProcess;
let workerMetrics: string;
/** What the supervisor and its worker printed, one JSON object a line. */
const lines: string[] = [];

async function waitFor<T>(probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}. The workers said:\n${lines.join("\n").slice(-4000)}`);
}

const logged = (event: string) => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === event);

beforeAll(async () => {
  await flux.start();
  setSettings({
    BFL_API_KEY: flux.apiKey,
    BFL_BASE_URL: flux.apiUrl,
    BFL_POLL_INTERVAL_MS: "100",
    IMAGE_PROVIDER_MAX_RETRIES: "0",
    METRICS_PORT: "0",
    METRICS_HOST: "127.0.0.1",
  });
  web = await startWebMetrics({ publicPort: 3000, distDir: NEXT_BUILD, databaseUrl: env().DATABASE_URL });
  site = await startMeasuredPipeline({ "POST /api/flux/generate": generate, "GET /api/operations/[id]": readOperation }, web);
  supervisor = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "scripts", "worker.ts")], {
    env: { ...environment(), WORKER_CONCURRENCY: "1", WORKER_METRICS_PORT: "0", LOG_LEVEL: "info", LOG_FORMAT: "json" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split("\n")
        .filter((line) => line.startsWith("{")),
    );
  supervisor.stdout?.on("data", collect);
  supervisor.stderr?.on("data", collect);
  workerMetrics = await waitFor(() => logged("metrics_listening")[0]?.url as string | undefined, "the workers' metrics");
  await waitFor(() => logged("worker_started").length > 0, "a worker process to start");
});

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const exited = new Promise((resolve) => supervisor.once("exit", resolve));
    supervisor.kill("SIGTERM");
    await exited;
  }
  await site?.close();
  await web?.close();
  await flux.stop();
  await stopQueueClient();
  await closeOperationEvents();
});

async function startGeneration(cookie: string): Promise<string> {
  const response = await site.send("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse at dusk" }, headers: { prefer: "respond-async" } });
  expect(response.status).toBe(202);
  return ((await response.json()) as { operationId: string }).operationId;
}

/** The operation as its owner reads it, through the site. */
async function operationStatus(cookie: string, operationId: string): Promise<string> {
  const response = await site.send("GET", `/api/operations/${operationId}`, { cookie });
  return ((await response.json()) as { status: string }).status;
}

it("moves the web server's and the workers' counters and histograms during image jobs, with no ids in any label", async () => {
  flux.reset();
  // The first job polls for a few seconds, so the workers are scraped while it runs; the second is refused.
  flux.scenarioBySubmit.set(1, { kind: "ready", pendingPolls: 25 });
  flux.scenarioBySubmit.set(2, { kind: "content-moderated" });
  const { user, cookie } = await signedInUser();
  const webBefore = await scrape(web.url!);

  const first = await startGeneration(cookie);
  await waitFor(async () => (await operationStatus(cookie, first)) === "running" && flux.polls.length > 0, "the first job to run");
  const during = await scrape(workerMetrics);
  expect(valueOf(during, "pictura_jobs_active", { queue: "image-remote" })).toBe(1);
  expect(valueOf(during, "pictura_workers_heartbeating")).toBeGreaterThanOrEqual(1);
  expect(countOf(during, "pictura_job_run_seconds")).toBe(0);

  const second = await startGeneration(cookie);
  await waitFor(async () => (await operationStatus(cookie, second)) === "failed", "the refused job to fail");
  await waitFor(async () => (await operationStatus(cookie, first)) === "succeeded", "the first job to succeed");
  const webAfter = await scrape(web.url!);
  const after = await scrape(workerMetrics);

  // The web server: each call under its route's pattern, and the two charges.
  const calls = (scraped: typeof webAfter, route: string, method: string) =>
    countOf(scraped, "pictura_http_request_duration_seconds", { route, method, status_class: "2xx" });
  expect(calls(webAfter, "/api/flux/generate", "POST") - calls(webBefore, "/api/flux/generate", "POST")).toBe(2);
  expect(calls(webAfter, "/api/operations/[id]", "GET")).toBeGreaterThan(calls(webBefore, "/api/operations/[id]", "GET"));
  // A tool's call is image work; reading an operation is not.
  const byCall = (scraped: typeof webAfter, route: string, call: string) => countOf(scraped, "pictura_http_request_duration_seconds", { route, call });
  expect(byCall(webAfter, "/api/flux/generate", "image") - byCall(webBefore, "/api/flux/generate", "image")).toBe(2);
  expect(byCall(webAfter, "/api/operations/[id]", "other")).toBe(calls(webAfter, "/api/operations/[id]", "GET"));
  expect(valueOf(webAfter, "pictura_credits_total", { movement: "spent" }) - valueOf(webBefore, "pictura_credits_total", { movement: "spent" })).toBe(4);
  expect(labelValues(webAfter, "pictura_jobs_queued", "queue")).toEqual(expect.arrayContaining(["image-local", "image-remote"]));
  expect(valueOf(webAfter, "process_resident_memory_bytes")).toBeGreaterThan(0);

  // The workers: both jobs' waits and runs by how they ended, the refusal and its refund, the provider's calls.
  const job = (outcome: string) => ({ kind: "generate", provider: "flux", outcome });
  expect(countOf(after, "pictura_job_queue_wait_seconds", job("succeeded"))).toBe(1);
  expect(countOf(after, "pictura_job_run_seconds", job("succeeded"))).toBe(1);
  expect(countOf(after, "pictura_job_run_seconds", job("failed"))).toBe(1);
  expect(valueOf(after, "pictura_job_failures_total", { kind: "generate", reason: "moderated" })).toBe(1);
  expect(countOf(after, "pictura_provider_call_duration_seconds", { provider: "flux", outcome: "ok" })).toBe(1);
  expect(countOf(after, "pictura_provider_call_duration_seconds", { provider: "flux", outcome: "moderated" })).toBe(1);
  expect(valueOf(after, "pictura_credits_total", { movement: "refunded" })).toBe(2);
  expect(valueOf(after, "process_cpu_seconds_total")).toBeGreaterThan(valueOf(during, "process_cpu_seconds_total"));

  for (const text of [webAfter.text, after.text]) {
    for (const secret of [user.id, user.email, first, second]) expect(text).not.toContain(secret);
  }
});

const CALLS = callPathsOf();

/** An address nobody asked for before: random depth, words, ids, file names, encodings and queries. */
function randomPath(): string {
  const word = () => randomBytes(1 + (randomBytes(1)[0]! % 12)).toString("base64url");
  const shapes = [
    () => `/${word()}`,
    () => `/${Array.from({ length: 2 + (randomBytes(1)[0]! % 6) }, word).join("/")}`,
    () => `/api/operations/${randomUUID()}`,
    () => `/api/${word()}/${word()}?token=${word()}`,
    () => `/en/editor/${randomUUID()}`,
    () => `/${word()}.rsc`,
    () => `/_next/static/chunks/${word()}.js`,
    () => `/${encodeURIComponent(`${word()} ${word()}@example.com`)}`,
    () => `//${word()}`,
    () => `${CALLS[randomBytes(1)[0]! % CALLS.length]}${randomBytes(1)[0]! % 2 ? "/" : ""}?${word()}=${word()}`,
    () => `/api/${word()}`,
  ];
  return shapes[randomBytes(1)[0]! % shapes.length]!();
}

async function askFor(count: number): Promise<void> {
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, () => site.send("GET", randomPath()).then((response) => response.arrayBuffer()));
    await Promise.all(batch);
  }
}

it("keeps the same number of series after 1,000 requests for random addresses", async () => {
  // Every kind of address once or more, so each pattern they fall under has its series: each tool's call
  // surely, as one shape of the random addresses picks one of them.
  await Promise.all(CALLS.map((call) => site.send("GET", call).then((response) => response.arrayBuffer())));
  await askFor(200);
  const before = await scrape(web.url!);
  await askFor(1_000);
  const after = await scrape(web.url!);

  expect(seriesCount(after)).toBe(seriesCount(before));
  // They were all counted, each under a route pattern or "unmatched", none under its own address.
  const total = (scraped: typeof after) => countOf(scraped, "pictura_http_request_duration_seconds");
  expect(total(after) - total(before)).toBe(1_000);
  const routes = labelValues(after, "pictura_http_request_duration_seconds", "route");
  expect(routes.every((route) => route === "unmatched" || route === "/" || /^\/(_next|api|\[locale\])/.test(route))).toBe(true);
  expect(routes).toEqual(expect.arrayContaining(["/[locale]", "/[locale]/[...rest]", "/api/operations/[id]", "/[locale]/editor/[projectId]", "/_next/static"]));
  // The call label has two values: image for the tools' own addresses only, other for everything else.
  const series = (after.metrics["pictura_http_request_duration_seconds"]?.data ?? []) as { labels: Record<string, string> }[];
  expect(labelValues(after, "pictura_http_request_duration_seconds", "call").sort()).toEqual(["image", "other"]);
  for (const { labels } of series) expect([labels.route, labels.call]).toEqual([labels.route, (CALLS as string[]).includes(labels.route!) ? "image" : "other"]);
});

// Traces, as an operator's collector receives them: the web side (this process, with the SDK
// instrumentation.ts starts) and a real worker process (scripts/worker.ts, with the OTLP/HTTP
// protobuf exporter, the default) push their spans to a fake collector, and one image request against
// a fake Flux makes one trace in which the request's span is an ancestor of the worker's job span and
// of the Flux call's span. Next records the request's span itself in a running server; here the route
// handler is called directly, so the test opens that server span around the call as Next does. Jest's
// sandbox cannot run the OTLP exporter's dynamic import of node:http, so this process's spans go out
// through fetch, serialized by the http/json exporter's own serializer.
import type { ChildProcess } from "node:child_process";
import { SpanKind, trace } from "@opentelemetry/api";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { closeOperationEvents } from "@/lib/jobs/events";
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import type { Tracing } from "@/lib/observability/tracing";
import { startTracingSdk } from "@/lib/observability/tracing-sdk";
import { FakeFlux } from "../fakes/flux-server";
import { FakeOtlpCollector, type CollectedSpan } from "../fakes/otlp-collector";
import { setSettings } from "../setup/settings";
import { apiRequest, signedInUser } from "./helpers";
import { spawnWorker } from "./worker-process";

jest.setTimeout(60_000);

const flux = new FakeFlux();
const collector = new FakeOtlpCollector();
let worker: ChildProcess;
let tracing: Tracing | null;
const workerOutput: string[] = [];
/** The variables the SDK reads, as an operator sets them; the batch goes out every 100 ms here. */
let otelVariables: Record<string, string>;
const savedEnv = { ...process.env };
/** OTLP numbers span kinds from 1 (the API from 0): a consumer's, pg-boss's span for the job it runs, is 5. */
const OTLP_CONSUMER = SpanKind.CONSUMER + 1;

/** OTLP/HTTP JSON to the collector, as the http/json exporter sends it, over fetch. */
function fetchExporter(endpoint: string): SpanExporter {
  return {
    export(spans: ReadableSpan[], done) {
      fetch(`${endpoint}/v1/traces`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)),
      })
        .then((response) => done({ code: response.ok ? 0 : 1 }))
        .catch((error: unknown) => done({ code: 1, error: error instanceof Error ? error : new Error(String(error)) }));
    },
    shutdown: () => Promise.resolve(),
  };
}

async function waitFor<T>(probe: () => Promise<T | null | undefined> | T | null | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}. The worker said:\n${workerOutput.join("").slice(-4000)}`);
}

beforeAll(async () => {
  await Promise.all([flux.start(), collector.start()]);
  // No protocol named: the worker sends protobuf, OTLP's default; this process sends JSON.
  otelVariables = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: "100" };
  setSettings({ BFL_API_KEY: flux.apiKey, BFL_BASE_URL: flux.apiUrl, BFL_POLL_INTERVAL_MS: "50", IMAGE_PROVIDER_MAX_RETRIES: "0" });
  Object.assign(process.env, otelVariables);
  tracing = startTracingSdk("pictura-web", fetchExporter(collector.endpoint));
  worker = spawnWorker({ ...otelVariables, WORKER_CONCURRENCY: "1", LOG_FORMAT: "json" }, ["ignore", "pipe", "pipe", "ipc"]);
  worker.stdout?.on("data", (chunk: Buffer) => workerOutput.push(chunk.toString()));
  worker.stderr?.on("data", (chunk: Buffer) => workerOutput.push(chunk.toString()));
  await waitFor(() => workerOutput.join("").includes(`"worker_started"`), "the worker to start");
});

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
  await tracing?.shutdown();
  trace.disable();
  process.env = savedEnv;
  await stopQueueClient();
  await closeOperationEvents();
  await Promise.all([flux.stop(), collector.stop()]);
});

it("follows an image request from its route through the charge, the worker's job and the Flux call, in one trace", async () => {
  const { cookie } = await signedInUser();
  const request = apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse at dusk" }, headers: { prefer: "respond-async" } });
  const { response, traceId } = await trace.getTracer("next.js").startActiveSpan("POST /api/flux/generate", { kind: SpanKind.SERVER }, async (span) => {
    try {
      return { response: await generate(request), traceId: span.spanContext().traceId };
    } finally {
      span.end();
    }
  });
  expect(response.status).toBe(202);
  const { operationId } = (await response.json()) as { operationId: string };
  await waitFor(async () => (await db.operation.findUnique({ where: { id: operationId } }))?.status === "succeeded", "the operation to succeed");

  const inTrace = (name: string) => collector.spans.find((span) => span.traceId === traceId && span.name === name);
  const fluxCall = await waitFor(() => inTrace("Flux call"), "the Flux call's span", 10_000);
  const jobSpan = await waitFor(
    () => collector.spans.find((span) => span.traceId === traceId && span.service === "pictura-worker" && span.kind === OTLP_CONSUMER),
    "the worker's job span",
    10_000,
  );
  const requestSpan = await waitFor(() => inTrace("POST /api/flux/generate"), "the request's span", 10_000);
  const names = (spans: CollectedSpan[]) => spans.map((span) => `${span.service} ${span.name}`);

  expect(requestSpan).toMatchObject({ service: "pictura-web", parentSpanId: "" });
  expect(new Set(collector.contentTypes)).toEqual(new Set(["application/json", "application/x-protobuf"]));
  expect(fluxCall.service).toBe("pictura-worker");
  const jobAncestors = collector.ancestorsOf(jobSpan);
  expect(jobAncestors.at(-1)).toEqual(requestSpan);
  expect(names(jobAncestors)).toContain("pictura-web charge and enqueue");
  const fluxAncestors = collector.ancestorsOf(fluxCall);
  expect(fluxAncestors).toContainEqual(jobSpan);
  expect(names(fluxAncestors)).toEqual(expect.arrayContaining(["pictura-worker model run", "pictura-worker image job"]));
  expect(fluxAncestors.at(-1)).toEqual(requestSpan);
  // Under the Flux call, each of its HTTP calls: the submit, the polls and the sample's download.
  const httpCalls = collector.spans.filter((span) => span.traceId === traceId && span.parentSpanId === fluxCall.spanId).map((span) => span.name);
  expect(httpCalls).toContain("POST");
  expect(httpCalls.filter((name) => name === "GET").length).toBeGreaterThanOrEqual(2);
  // The worker's log line for the job names the same trace, so a log search leads to it.
  const jobLine = workerOutput
    .join("")
    .split("\n")
    .filter((line) => line.includes(`"image_job"`))
    .map((line) => JSON.parse(line) as { operationId?: string; traceId?: string })
    .find((line) => line.operationId === operationId);
  expect(jobLine?.traceId).toBe(traceId);
});

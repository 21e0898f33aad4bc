// The built app as `npm start` runs it, with METRICS_PORT: each answer carries an X-Request-Id that
// its log lines carry too, and the metrics port (never the public one) counts the requests under
// their route patterns, with no raw address or id in any label; during an image job, the browser
// tests' real worker (WORKER_METRICS_PORT, tests/e2e/server-env.ts) counts the job it ran.
import { Readable } from "node:stream";
import { expect, test } from "@playwright/test";
import { getMetricsFromStream, type PromHistogramData } from "prom2javascript";
import sharp from "sharp";
import { startAppServer, type AppServer } from "./app-server";
import { E2E_WORKER_METRICS_PORT } from "./server-env";

const PORT = 3186;
const METRICS_PORT = 3187;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer({
    port: PORT,
    env: { APP_URL: `http://localhost:${PORT}`, METRICS_PORT: String(METRICS_PORT), LOG_LEVEL: "info", LOG_FORMAT: "json" },
  });
});

test.afterAll(async () => {
  await app?.stop();
});

/** The server's JSON log lines so far. */
const logLines = () =>
  app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** How many observations a histogram of the metrics at `port` holds under these labels. */
async function observed(port: number, histogram: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const metrics = await getMetricsFromStream(Readable.from([text]));
  const series = (metrics[histogram]?.data ?? []) as PromHistogramData[];
  return series.filter((one) => Object.entries(labels).every(([name, value]) => one.labels[name] === value)).reduce((sum, one) => sum + one.count, 0);
}

const requestsCounted = (labels: Record<string, string>) => observed(METRICS_PORT, "pictura_http_request_duration_seconds", labels);

test("an answer's X-Request-Id is on that request's log lines", async () => {
  const answer = await fetch(`${app.origin}/api/credits/balance`);
  expect(answer.status).toBe(401);
  const requestId = answer.headers.get("x-request-id");
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => logLines().filter((line) => line.requestId === requestId).length).toBeGreaterThan(0);
  expect(logLines().find((line) => line.requestId === requestId)).toMatchObject({ method: "GET", path: "/api/credits/balance", status: 401 });
  // Another request, another id.
  const again = await fetch(`${app.origin}/api/credits/balance`);
  expect(again.headers.get("x-request-id")).not.toBe(requestId);
});

test("the metrics port counts requests by route pattern, and the public port serves no metrics", async () => {
  const balance = { route: "/api/credits/balance", method: "GET", status_class: "4xx" };
  const operation = { route: "/api/operations/[id]", method: "GET" };
  const balanceBefore = await requestsCounted(balance);
  const operationBefore = await requestsCounted(operation);
  const id = `probe${Date.now()}`;
  for (let i = 0; i < 3; i += 1) expect((await fetch(`${app.origin}/api/credits/balance`)).status).toBe(401);
  expect((await fetch(`${app.origin}/api/operations/${id}`)).status).toBeGreaterThanOrEqual(400);
  await expect.poll(() => requestsCounted(balance)).toBe(balanceBefore + 3);
  expect(await requestsCounted(operation)).toBe(operationBefore + 1);
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  expect(text).not.toContain(id);
  expect(text).toContain("process_cpu_seconds_total");
  const publicPort = await fetch(`${app.origin}/metrics`);
  expect(publicPort.status).toBe(404);
  expect(await publicPort.text()).not.toContain("pictura_http_request_duration_seconds");
});

test("during an image job, the web server counts the call and the worker the job it ran", async () => {
  const call = { route: "/api/convert-image", method: "POST", status_class: "2xx" };
  const job = { kind: "convert", outcome: "succeeded" };
  const callsBefore = await requestsCounted(call);
  const jobsBefore = await observed(E2E_WORKER_METRICS_PORT, "pictura_job_run_seconds", job);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const response = await fetch(`${app.origin}/api/convert-image`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${PORT}` },
    body: JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}`, format: "webp" }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await expect.poll(() => requestsCounted(call)).toBe(callsBefore + 1);
  await expect.poll(() => observed(E2E_WORKER_METRICS_PORT, "pictura_job_run_seconds", job)).toBeGreaterThan(jobsBefore);
  expect(await observed(E2E_WORKER_METRICS_PORT, "pictura_job_queue_wait_seconds", { kind: "convert" })).toBeGreaterThan(0);
});

// A worker supervisor's one /metrics for all its processes: each process's figures, asked for over its
// IPC channel, added up; a process too busy to answer counted by its last answer; and what a process
// that exited had counted still counted, so no total goes down when a crashed process is replaced; and
// when the operator's signing certificate the workers sign with ends.
// The processes here answer as worker processes do (recordWorkerProcessMetrics's registry), in this one.
import { EventEmitter } from "node:events";
import { Gauge, Registry } from "prom-client";
import { env } from "@/lib/env";
import type { MetricsRecorder } from "@/lib/observability/metrics";
import { createRecorder, processRegistry } from "@/lib/observability/metrics-registry";
import { serveSupervisorMetrics, type MetricsChild, type SupervisorMetrics } from "@/lib/observability/metrics-workers";
import { configuredCertificateExpiry, configuredIdentity, makeInstallationIdentity } from "@/lib/provenance/c2pa-identity";
import { setSettings } from "../setup/settings";
import { scrape, valueOf } from "./metrics-helpers";

class WorkerProcess extends EventEmitter implements MetricsChild {
  connected = true;
  /** A busy process (a long synchronous step) does not answer. */
  busy = false;
  readonly registry: Registry = processRegistry();
  readonly recorder: MetricsRecorder = createRecorder(this.registry);

  send(message: { id: number }, callback: (error: Error | null) => void): boolean {
    callback(null);
    // A copy, as the IPC channel delivers: prom-client hands out its live objects.
    if (!this.busy)
      void this.registry
        .getMetricsAsJSON()
        .then((metrics) => this.emit("message", { type: "pictura:metrics", id: message.id, metrics: structuredClone(metrics) }));
    return true;
  }
}

let supervisor: SupervisorMetrics;
let processes: WorkerProcess[];

beforeEach(async () => {
  setSettings({ WORKER_METRICS_PORT: "0", METRICS_HOST: "127.0.0.1" });
  processes = [new WorkerProcess(), new WorkerProcess()];
  supervisor = (await serveSupervisorMetrics({ databaseUrl: env().DATABASE_URL, children: () => processes, signingCertificate: configuredCertificateExpiry }))!;
});

afterEach(async () => {
  await supervisor.close();
});

it("adds up every process's figures, and counts a busy one by its last answer", async () => {
  const [first, second] = processes as [WorkerProcess, WorkerProcess];
  first.recorder.jobRetried("generate");
  first.recorder.jobRetried("generate");
  second.recorder.jobRetried("generate");
  second.recorder.credits("refunded", 2);
  const both = await scrape(supervisor.url);
  expect(valueOf(both, "pictura_job_retries_total", { kind: "generate" })).toBe(3);
  expect(valueOf(both, "pictura_credits_total", { movement: "refunded" })).toBe(2);

  second.busy = true;
  second.recorder.jobRetried("generate");
  const busy = await scrape(supervisor.url);
  expect(valueOf(busy, "pictura_job_retries_total", { kind: "generate" })).toBe(3);

  second.busy = false;
  expect(valueOf(await scrape(supervisor.url), "pictura_job_retries_total", { kind: "generate" })).toBe(4);
});

it("keeps counting what an exited process counted, and drops its gauges", async () => {
  const [first, second] = processes as [WorkerProcess, WorkerProcess];
  const busyJobs = new Gauge({ name: "pictura_test_jobs_in_hand", help: "A figure only the first process has.", registers: [first.registry] });
  busyJobs.set(7);
  first.recorder.credits("spent", 5);
  second.recorder.credits("spent", 1);
  const before = await scrape(supervisor.url);
  expect(valueOf(before, "pictura_credits_total", { movement: "spent" })).toBe(6);
  expect(valueOf(before, "pictura_test_jobs_in_hand")).toBe(7);

  // The first process dies and is replaced by a fresh one, which starts from zero.
  first.connected = false;
  supervisor.retire(first);
  const replacement = new WorkerProcess();
  processes = [second, replacement];
  replacement.recorder.credits("spent", 2);
  const after = await scrape(supervisor.url);
  expect(valueOf(after, "pictura_credits_total", { movement: "spent" })).toBe(8);
  expect(after.metrics.pictura_test_jobs_in_hand).toBeUndefined();
});

it("reports when the operator's signing certificate ends, by its subject, and nothing without one", async () => {
  expect((await scrape(supervisor.url)).metrics.pictura_c2pa_certificate_expiry_timestamp_seconds?.data).toEqual([]);
  const operator = await makeInstallationIdentity("Metrics operator", new Date(), "ES256");
  setSettings({ C2PA_SIGNING_KEY: operator.privateKeyPem, C2PA_CERT_CHAIN: operator.certificatePem });
  try {
    const notAfter = configuredIdentity()!.chain[0]!.notAfter;
    const reported = await scrape(supervisor.url);
    expect(
      valueOf(reported, "pictura_c2pa_certificate_expiry_timestamp_seconds", { subject: "CN=Metrics operator Content Credentials, O=Metrics operator" }),
    ).toBe(notAfter.getTime() / 1000);
  } finally {
    setSettings({ C2PA_SIGNING_KEY: undefined, C2PA_CERT_CHAIN: undefined });
  }
});

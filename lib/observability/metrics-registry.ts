// The metrics themselves, in a prom-client registry: names, help, labels and buckets, and the recorder
// that fills them (metrics.ts). Loaded only by a process that serves metrics (metrics-start.ts imports
// it on demand), so a process with metrics off never loads prom-client.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { boundedLabel, type MetricsRecorder } from "./metrics";
import type { MetricsText } from "./metrics-endpoint";
import type { SigningCertificateEnd } from "../provenance/c2pa-identity";

/** What a queue sample reports (metrics-queues.ts). */
export interface QueueSample {
  queues: { queue: string; ready: number; active: number; oldestWaitingSeconds: number }[];
  /** Worker processes with a heartbeat in the last minute, as the readiness check counts them. */
  workersHeartbeating: number;
}

export type QueueSampler = () => Promise<QueueSample | null>;

const SECONDS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_WAIT = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const SECONDS_RUN = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const SECONDS_PROVIDER = [0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/** The figures the code records, in `registry`, and the recorder that fills them. */
export function createRecorder(registry: Registry): MetricsRecorder {
  const registers = [registry];
  const http = new Histogram({
    name: "pictura_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, call (image for a tool's call, other), method and status class.",
    labelNames: ["route", "call", "method", "status_class"] as const,
    buckets: SECONDS_HTTP,
    registers,
  });
  const jobLabels = ["kind", "provider", "outcome"] as const;
  const wait = new Histogram({
    name: "pictura_job_queue_wait_seconds",
    help: "Time an image job waited from its charge to a worker taking it, by operation kind, provider and outcome.",
    labelNames: jobLabels,
    buckets: SECONDS_WAIT,
    registers,
  });
  const run = new Histogram({
    name: "pictura_job_run_seconds",
    help: "Time a worker spent on an image job, by operation kind, provider and outcome.",
    labelNames: jobLabels,
    buckets: SECONDS_RUN,
    registers,
  });
  const failures = new Counter({
    name: "pictura_job_failures_total",
    help: "Image jobs that failed (and were refunded), by operation kind and error code.",
    labelNames: ["kind", "reason"] as const,
    registers,
  });
  const retries = new Counter({
    name: "pictura_job_retries_total",
    help: "Image jobs taken again after their worker stopped.",
    labelNames: ["kind"] as const,
    registers,
  });
  const deadLetters = new Counter({ name: "pictura_job_dead_letters_total", help: "Image jobs that ran out of retries (failed and refunded).", registers });
  const credits = new Counter({
    name: "pictura_credits_total",
    help: "Credits moved: spent, refunded, granted or bought.",
    labelNames: ["movement"] as const,
    registers,
  });
  const provider = new Histogram({
    name: "pictura_provider_call_duration_seconds",
    help: "Time of a call to an AI image provider, by provider and outcome (ok, moderated, timeout, failed).",
    labelNames: ["provider", "outcome"] as const,
    buckets: SECONDS_PROVIDER,
    registers,
  });
  const webhooks = new Counter({
    name: "pictura_webhook_deliveries_total",
    help: "Webhook delivery attempts, by outcome.",
    labelNames: ["outcome"] as const,
    registers,
  });
  const stripe = new Counter({
    name: "pictura_stripe_events_total",
    help: "Stripe webhook events received, by event and outcome.",
    labelNames: ["type", "outcome"] as const,
    registers,
  });
  const mail = new Counter({ name: "pictura_mail_sends_total", help: "Mails sent, by outcome.", labelNames: ["outcome"] as const, registers });

  return {
    httpRequest: (route, call, method, statusClass, seconds) => http.observe({ route, call, method, status_class: statusClass }, seconds),
    jobEnded: (job) => {
      const labels = { kind: boundedLabel(job.kind), provider: boundedLabel(job.provider), outcome: job.outcome };
      wait.observe(labels, Math.max(0, job.waitSeconds));
      if (job.runSeconds !== null) run.observe(labels, Math.max(0, job.runSeconds));
      if (job.outcome === "failed") failures.inc({ kind: labels.kind, reason: boundedLabel(job.reason) });
    },
    jobRetried: (kind) => retries.inc({ kind: boundedLabel(kind) }),
    jobDeadLettered: () => deadLetters.inc(),
    credits: (movement, amount) => credits.inc({ movement }, Math.max(0, amount)),
    providerCall: (name, outcome, seconds) => provider.observe({ provider: boundedLabel(name.toLowerCase()), outcome }, seconds),
    webhookDelivery: (outcome) => webhooks.inc({ outcome }),
    stripeEvent: (type, outcome) => stripe.inc({ type: boundedLabel(type), outcome }),
    mailSend: (outcome) => mail.inc({ outcome }),
  };
}

/**
 * The queues' figures, read from the database when scraped and at most every `maxAgeMs`: jobs ready and
 * active per queue, the age of the oldest ready job, and the workers heartbeating. Every process that
 * serves metrics reports the same database's figures, so dashboards and alerts take their max.
 */
export function addQueueGauges(registry: Registry, sampler: QueueSampler, maxAgeMs = 10_000): void {
  let last: { at: number; sample: Promise<QueueSample | null> } | undefined;
  const sample = () => {
    if (!last || Date.now() - last.at >= maxAgeMs) last = { at: Date.now(), sample: sampler() };
    return last.sample;
  };
  const gauge = (name: string, help: string, labelNames: string[], fill: (gauge: Gauge, sample: QueueSample) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      aggregator: "max",
      registers: [registry],
      async collect() {
        const current = await sample();
        this.reset();
        if (current) fill(this, current);
      },
    });
  gauge("pictura_jobs_queued", "Jobs ready to run and waiting for a worker, per queue.", ["queue"], (metric, current) => {
    for (const queue of current.queues) metric.set({ queue: queue.queue }, queue.ready);
  });
  gauge("pictura_jobs_active", "Jobs a worker is running, per queue.", ["queue"], (metric, current) => {
    for (const queue of current.queues) metric.set({ queue: queue.queue }, queue.active);
  });
  gauge(
    "pictura_job_oldest_waiting_seconds",
    "Age of the oldest job ready to run and not yet taken, per queue (0 when none waits).",
    ["queue"],
    (metric, current) => {
      for (const queue of current.queues) metric.set({ queue: queue.queue }, queue.oldestWaitingSeconds);
    },
  );
  gauge("pictura_workers_heartbeating", "Worker processes that wrote a heartbeat in the last minute.", [], (metric, current) => {
    metric.set(current.workersHeartbeating);
  });
}

/**
 * When the operator's Content Credentials signing certificate (C2PA_CERT_CHAIN) stops being valid, read
 * when scraped (lib/provenance/c2pa-identity.ts): an alert fires weeks before. Absent without one.
 */
export function addSigningCertificateGauge(registry: Registry, read: () => SigningCertificateEnd | null): void {
  new Gauge({
    name: "pictura_c2pa_certificate_expiry_timestamp_seconds",
    help: "When the operator's Content Credentials signing certificate (C2PA_CERT_CHAIN) stops being valid, as a Unix time, by its subject.",
    labelNames: ["subject"],
    aggregator: "min",
    registers: [registry],
    collect() {
      this.reset();
      const certificate = read();
      if (certificate) this.set({ subject: certificate.subject }, certificate.notAfter.getTime() / 1000);
    },
  });
}

/** A registry with Node's own process figures (CPU, memory, event-loop lag, handles). */
export function processRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** One process's figures as prom-client's JSON (registry.getMetricsAsJSON()), as worker processes send them. */
export type MetricsSnapshot = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** Snapshots of several processes added up (gauges by their own aggregator), as Prometheus text. */
export async function addUp(snapshots: MetricsSnapshot[]): Promise<MetricsText> {
  const registry = AggregatorRegistry.aggregate(snapshots);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const MONOTONIC = new Set(["counter", "histogram"]);

/**
 * The counters and histograms of snapshots, added up: what processes that have exited still count
 * for, so a total never goes down (which Prometheus would read as a restart) when one is replaced.
 */
export function monotonicPart(snapshots: MetricsSnapshot[]): Promise<MetricsSnapshot> {
  const kept = snapshots.map((snapshot) => snapshot.filter((metric) => MONOTONIC.has(String(metric.type))));
  return AggregatorRegistry.aggregate(kept).getMetricsAsJSON();
}

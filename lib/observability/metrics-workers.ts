// The workers' metrics (scripts/worker.ts): with WORKER_METRICS_PORT set, each worker process records
// its own figures, and the supervisor serves one /metrics for all of them, added up. At each scrape
// the supervisor asks every process for its figures over the IPC channel it forked them with; one busy
// with a long synchronous step (image code holds its event loop for seconds) is counted by its last
// answer. What a process counted stays counted after it exits, so no total ever goes down when a
// crashed process is replaced. The supervisor adds the queues' figures (metrics-queues.ts) once.
// Unset, nothing is loaded, recorded or served.
import { metricsSettings } from "../settings/metrics";
import { installMetricsRecorder } from "./metrics";
import type { MetricsSnapshot } from "./metrics-registry";
import type { SigningCertificateEnd } from "../provenance/c2pa-identity";

const MESSAGE = "pictura:metrics";
/** How long a scrape waits for a process's answer before using its last one. */
const ANSWER_WAIT_MS = 1_000;

interface SnapshotRequest {
  type: typeof MESSAGE;
  id: number;
}

interface SnapshotReply {
  type: typeof MESSAGE;
  /** The request answered, or "final" for the figures a stopping process sends unasked. */
  id: number | "final";
  metrics: MetricsSnapshot;
}

const isMessage = (message: unknown): message is { type: typeof MESSAGE } =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === MESSAGE;

/** The side of a forked process the supervisor uses (a ChildProcess). */
export interface MetricsChild {
  readonly connected: boolean;
  send(message: SnapshotRequest, callback: (error: Error | null) => void): boolean;
  on(event: "message", listener: (message: unknown) => void): unknown;
}

export interface WorkerProcessMetrics {
  /** Sends this process's figures to the supervisor before it exits, so its last jobs still count. */
  sendFinal(): Promise<void>;
}

/** In a worker process: records its figures and answers the supervisor's requests; null when metrics are off. */
export async function recordWorkerProcessMetrics(): Promise<WorkerProcessMetrics | null> {
  if (!metricsSettings().workers || !process.send) return null;
  const { processRegistry, createRecorder } = await import("./metrics-registry");
  const registry = processRegistry();
  installMetricsRecorder(createRecorder(registry));
  const reply = async (id: SnapshotReply["id"]) => {
    const metrics = await registry.getMetricsAsJSON();
    if (!process.connected || !process.send) return;
    await new Promise<void>((resolve) => process.send!({ type: MESSAGE, id, metrics } satisfies SnapshotReply, undefined, {}, () => resolve()));
  };
  process.on("message", (message) => {
    if (isMessage(message) && typeof (message as SnapshotRequest).id === "number") void reply((message as SnapshotRequest).id);
  });
  return { sendFinal: () => reply("final").catch(() => undefined) };
}

export interface SupervisorMetrics {
  url: string;
  /** A process exited: what it counted is kept, its gauges are dropped. */
  retire(child: MetricsChild): void;
  close(): Promise<void>;
}

export interface SupervisorMetricsOptions {
  /** The processes running now. */
  children: () => Iterable<MetricsChild>;
  /** The database whose queues are reported. */
  databaseUrl: string;
  /** The operator's signing certificate the workers sign with, when it ends (lib/provenance/c2pa-identity.ts). */
  signingCertificate?: () => SigningCertificateEnd | null;
}

/** In the supervisor: serves every process's figures added up on WORKER_METRICS_PORT; null when metrics are off. */
export async function serveSupervisorMetrics(options: SupervisorMetricsOptions): Promise<SupervisorMetrics | null> {
  const endpoint = metricsSettings().workers;
  if (!endpoint) return null;
  const [{ processRegistry, addQueueGauges, addSigningCertificateGauge, addUp, monotonicPart }, { serveMetrics }, { queueSampler }] = await Promise.all([
    import("./metrics-registry"),
    import("./metrics-endpoint"),
    import("./metrics-queues"),
  ]);
  // The supervisor's own process figures, the queues' and the signing certificate's that the workers
  // sign with; the workers' come from their answers.
  const own = processRegistry();
  const queues = queueSampler(options.databaseUrl);
  addQueueGauges(own, queues.sample);
  if (options.signingCertificate) addSigningCertificateGauge(own, options.signingCertificate);

  const latest = new Map<MetricsChild, MetricsSnapshot>();
  const waiting = new Map<number, () => void>();
  const listening = new WeakSet<MetricsChild>();
  let retired: MetricsSnapshot = [];
  let retiring: Promise<void> = Promise.resolve();
  let nextId = 0;

  const listen = (child: MetricsChild) => {
    if (listening.has(child)) return;
    listening.add(child);
    child.on("message", (message) => {
      if (!isMessage(message)) return;
      const reply = message as SnapshotReply;
      latest.set(child, reply.metrics);
      if (typeof reply.id === "number") waiting.get(reply.id)?.();
    });
  };

  /** Asks one process for its figures; resolves on its answer, or after ANSWER_WAIT_MS with the last one kept. */
  const ask = (child: MetricsChild) =>
    new Promise<void>((resolve) => {
      listen(child);
      if (!child.connected) return resolve();
      const id = (nextId += 1);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ANSWER_WAIT_MS);
      waiting.set(id, done);
      child.send({ type: MESSAGE, id }, (error) => error && done());
    });

  const render = async () => {
    const children = [...options.children()];
    await Promise.all(children.map(ask));
    await retiring;
    return addUp([await own.getMetricsAsJSON(), retired, ...children.map((child) => latest.get(child) ?? [])]);
  };

  const served = await serveMetrics(endpoint, render, "the workers");
  return {
    url: served.url,
    retire: (child) => {
      listen(child);
      retiring = retiring.then(async () => {
        const last = latest.get(child);
        latest.delete(child);
        if (last) retired = await monotonicPart([retired, last]);
      });
    },
    close: async () => {
      await served.close();
      await queues.close();
    },
  };
}

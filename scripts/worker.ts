// npm run worker — runs the image workers: WORKER_CONCURRENCY processes (the CPU count by default),
// each taking one local-engine job at a time, at a lower CPU priority (WORKER_NICE) so a web server
// on the same machine stays responsive. A process that exits (a crash, a dead model) is replaced.
// Any number of machines may run this against the same PostgreSQL and blob store.
import "./worker-env";
import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism, setPriority } from "node:os";
import { exitAfterFailure, exitOnUncaughtErrors } from "../lib/observability/errors";
import { logger } from "../lib/observability/log";

const log = logger("worker");

/**
 * A setting a worker cannot run with (a Content Credentials key that is unreadable, not the signing
 * certificate's, of an unsupported kind, or under an expired certificate) stops it before it takes a
 * job, with one plain line on standard error that names the setting, as the web server says it.
 * The supervisor checks too: it would otherwise replace a child that exits, for ever.
 */
async function checkSettings(): Promise<void> {
  const { env } = await import("../lib/env");
  env();
  const { assertC2paSigningSettings } = await import("../lib/provenance/c2pa-identity");
  try {
    assertC2paSigningSettings();
  } catch (error) {
    console.error(`Pictura cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function runChild(): Promise<void> {
  await checkSettings();
  // Before the queue client exists, so its first job already belongs to its request's trace.
  const { startTracing } = await import("../lib/observability/tracing");
  const tracing = await startTracing("pictura-worker");
  const { env } = await import("../lib/env");
  const { startWorker } = await import("../lib/jobs/worker");
  const { recordWorkerProcessMetrics } = await import("../lib/observability/metrics-workers");
  const metrics = await recordWorkerProcessMetrics();
  const worker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: env().WORKER_REMOTE_CONCURRENCY });
  log.info({ event: "worker_started" }, "worker started");
  const stop = () => {
    void worker
      .stop()
      .then(() => metrics?.sendFinal())
      // The last jobs' spans are still buffered: sent before the process ends.
      .then(() => tracing?.shutdown())
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

async function runSupervisor(): Promise<void> {
  await checkSettings();
  const { env } = await import("../lib/env");
  const count = env().WORKER_CONCURRENCY ?? availableParallelism();
  const nice = env().WORKER_NICE;
  const children = new Set<ChildProcess>();
  let stopping = false;
  const recentExits: number[] = [];
  // With WORKER_METRICS_PORT, one /metrics for all these processes, their figures added up.
  const [{ serveSupervisorMetrics }, { configuredCertificateExpiry }] = await Promise.all([
    import("../lib/observability/metrics-workers"),
    import("../lib/provenance/c2pa-identity"),
  ]);
  const metrics = await serveSupervisorMetrics({ databaseUrl: env().DATABASE_URL, children: () => children, signingCertificate: configuredCertificateExpiry });

  const start = () => {
    // Advanced serialization carries every figure (NaN and infinities too) over the IPC channel.
    const child = fork(__filename, [], { env: { ...process.env, PICTURA_WORKER_CHILD: "1" }, execArgv: process.execArgv, serialization: "advanced" });
    children.add(child);
    child.once("close", () => metrics?.retire(child));
    if (child.pid && nice > 0) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Lowering a priority needs no privilege, but some sandboxes refuse it: run at the default.
      }
    }
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (stopping) {
        if (children.size === 0) process.exit(0);
        return;
      }
      log.error({ event: "worker_exited", pid: child.pid, code, signal }, "a worker process exited; it is replaced");
      // Replace it, backing off when processes keep dying (e.g. the database is down).
      const now = Date.now();
      recentExits.push(now);
      while (recentExits.length && recentExits[0]! < now - 60_000) recentExits.shift();
      setTimeout(start, recentExits.length > 5 ? 10_000 : 250);
    });
  };

  for (let index = 0; index < count; index += 1) start();
  log.info({ event: "workers_supervised", processes: count, nice }, "workers started");
  const stop = () => {
    stopping = true;
    if (children.size === 0) process.exit(0);
    for (const child of children) child.kill("SIGTERM");
    setTimeout(() => process.exit(0), 35_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

exitOnUncaughtErrors("worker");
if (process.env.PICTURA_WORKER_CHILD === "1") runChild().catch((error: unknown) => exitAfterFailure(error, "worker", "the worker did not start"));
else runSupervisor().catch((error: unknown) => exitAfterFailure(error, "worker", "the workers did not start"));

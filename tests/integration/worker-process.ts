// The image worker as production runs it, in a Node process of its own (scripts/worker.ts), for the
// length of a test file. Jest's sandbox looks up every global (Math, Buffer) through a slow path, so
// the local engine's pixel loops run many times slower inside it than in plain Node: a file whose
// jobs are CPU-bound (cutouts, fills, blurs) pays far less with its worker outside. The process gets
// the test's own environment (its database, stored files and the settings the file gave with
// setSettings before it started, tests/setup/settings.ts); work left queued is canceled
// when the file ends, so no file inherits another's queue.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import path from "node:path";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { requestCancel } from "@/lib/jobs/cancel";
import { closeOperationEvents } from "@/lib/jobs/events";
import { environment } from "@/lib/settings/source";

/**
 * Starts scripts/worker.ts as production runs it, with the test's settings and `env` on top. It logs
 * at info, as production does (a test's own default is errors only): the tests read its lines, the
 * one that says it has started first.
 */
export function spawnWorker(env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "scripts", "worker.ts")], {
    env: { ...environment(), PICTURA_WORKER_CHILD: "1", LOG_LEVEL: "info", ...env },
    stdio,
  });
}

export function withWorkerProcess(): void {
  let child: ChildProcess | undefined;
  /** What the worker printed, shown when it fails to start. */
  const output: string[] = [];
  beforeAll(async () => {
    // The IPC channel is there for its end: should this Jest process die first, the worker sees the
    // channel close and stops (scripts/worker.ts), instead of living on against the database.
    const worker = spawnWorker({}, ["ignore", "pipe", "pipe", "ipc"]);
    child = worker;
    worker.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const started = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (!output.join("").includes(`"worker_started"`)) return;
        // Its job log is not the test's output; keep draining it so the pipe never fills.
        worker.stdout?.off("data", started);
        worker.stdout?.resume();
        resolve();
      };
      worker.stdout?.on("data", started);
      worker.once("exit", (code) => reject(new Error(`The worker process exited (${code}) before it started:\n${output.join("").slice(-4000)}`)));
    });
  });
  afterAll(async () => {
    // A few at a time: a file that sweeps the image routes may leave many queued.
    const queued = await db.operation.findMany({ where: { status: "queued" } });
    for (let start = 0; start < queued.length; start += 8) await Promise.all(queued.slice(start, start + 8).map((operation) => requestCancel(operation)));
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      // SIGTERM stops it gracefully: it finishes its job, leaves the queue and its heartbeat.
      child.kill("SIGTERM");
      await exited;
    }
    await stopQueueClient();
    await closeOperationEvents();
  });
}

// Metrics cost nothing until they are configured: without METRICS_PORT and WORKER_METRICS_PORT the
// web server's and the workers' metrics start nothing, load no prom-client and record nothing. Each
// case runs in a fresh Node process (metrics-probe.ts) started as the server and the workers start.
import { fork } from "node:child_process";
import path from "node:path";
import { environment } from "@/lib/settings/source";
import type { ProbeReport } from "./metrics-probe";

function runProbe(settings: Record<string, string | undefined>): Promise<ProbeReport> {
  const env = { ...environment(), METRICS_PORT: undefined, WORKER_METRICS_PORT: undefined, METRICS_HOST: undefined, ...settings };
  const child = fork(path.join(__dirname, "metrics-probe.ts"), [], { env: env as NodeJS.ProcessEnv, execArgv: ["--import", "tsx"], stdio: "pipe" });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("message", (report) => resolve(report as ProbeReport));
    child.once("exit", (code) => reject(new Error(`The probe exited (${code}) without a report:\n${output}`)));
  });
}

it("listens nowhere, loads no prom-client and records nothing when the metrics ports are unset", async () => {
  expect(await runProbe({})).toEqual({ promClientLoaded: false, listening: 0, recording: false });
});

it("serves the web server's and the supervisor's metrics, and records, once the ports are set", async () => {
  expect(await runProbe({ METRICS_PORT: "0", WORKER_METRICS_PORT: "0" })).toEqual({ promClientLoaded: true, listening: 2, recording: true });
});

// Child processes of a benchmark, each the leader of its own process group so that stopping it also
// stops whatever it started (the app server, the worker supervisor's worker processes). Their
// output goes to a log file; `stopAll` leaves nothing running, also when the benchmark fails.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";

export interface Started {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Every line it has printed so far, stdout and stderr. */
  lines: string[];
  /** Resolves with the first output line that `matches`, or rejects if the process exits first. */
  waitForLine(matches: (line: string) => boolean, count?: number, timeoutMs?: number): Promise<void>;
}

const running = new Set<Started>();

/** Whether any process of the group `pid` leads is still alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the whole process group `pid` leads (a child started `detached`), if it is still there. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

export function startProcess(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(options.logFile, { flags: "a" });
  const listeners = new Set<(line: string) => void>();
  const printed: string[] = [];
  let pending = "";
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      printed.push(line);
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  child.on("exit", () => log.end());

  const started: Started = {
    name,
    child,
    logFile: options.logFile,
    lines: printed,
    waitForLine: (matches, count = 1, timeoutMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        let seen = 0;
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(listener);
          child.off("exit", onExit);
          if (error) reject(error);
          else resolve();
        };
        const listener = (line: string) => {
          if (matches(line) && (seen += 1) >= count) done();
        };
        const onExit = (code: number | null) => done(new Error(`${name} exited (code ${code}) before it was ready; see ${options.logFile}`));
        const timer = setTimeout(() => done(new Error(`${name} was not ready after ${timeoutMs / 1000} s; see ${options.logFile}`)), timeoutMs);
        listeners.add(listener);
        child.once("exit", onExit);
      }),
  };
  running.add(started);
  return started;
}

/** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once no process of the group is left. */
export async function stopProcess(started: Started, graceMs = 10_000): Promise<void> {
  running.delete(started);
  const pid = started.child.pid;
  if (pid === undefined) return;
  signalGroup(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) {
    signalGroup(pid, "SIGKILL");
    while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((started) => stopProcess(started)));
}

/** Last resort when this process is about to end without having stopped its children. */
export function killAllNow(): void {
  for (const started of running) if (started.child.pid !== undefined) signalGroup(started.child.pid, "SIGKILL");
  running.clear();
}

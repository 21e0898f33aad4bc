// Runs an npm script in a folder as a container runs its command: `npm start`, `npm run worker`.
// Each runs in a process group of its own, so stopping it ends npm, the shell under it and the
// server or workers under that. The npm_* variables of whoever started the tests are left out, so the
// nested npm reads only its own settings, and this Node comes first on PATH, as the image's is.
import { spawn } from "node:child_process";
import path from "node:path";
import { groupAlive, signalGroup } from "../../scripts/bench/processes";

export interface NpmProcess {
  output: () => string;
  /** The exit code of npm itself (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM to the whole group, SIGKILL to what is left after a grace period. */
  stop: () => Promise<void>;
}

/** The environment a script gets: this process's own, less npm's and Node's lookup variables, plus `extra`. */
export function scriptEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== "NODE_PATH" && name !== "NODE_ENV");
  const environment: Record<string, string | undefined> = { ...Object.fromEntries(inherited), ...extra };
  environment.PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);
  return environment as NodeJS.ProcessEnv;
}

export function startNpm(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): NpmProcess {
  const child = spawn("npm", args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      log += `${error.message}\n`;
      resolve(-1);
    });
    child.once("exit", (code) => resolve(code));
  });
  return {
    output: () => log,
    exited,
    stop: async () => {
      const pid = child.pid;
      if (pid === undefined) return;
      signalGroup(pid, "SIGTERM");
      const deadline = Date.now() + 15_000;
      while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      signalGroup(pid, "SIGKILL");
    },
  };
}

/** Runs a script to its end; rejects with its output when it fails or overruns. */
export async function runNpm(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
  const run = startNpm(args, options);
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<"overran">((resolve) => (timer = setTimeout(() => resolve("overran"), options.timeoutMs)));
  const code = await Promise.race([run.exited, overran]);
  clearTimeout(timer);
  if (code === "overran") {
    await run.stop();
    throw new Error(`npm ${args.join(" ")} took longer than ${options.timeoutMs / 1000} s:\n${run.output()}`);
  }
  if (code !== 0) throw new Error(`npm ${args.join(" ")} exited with ${code}:\n${run.output()}`);
  return run.output();
}

// Starts another instance of the built app for a test that needs settings of its own (a port, a
// public origin, a platform's variables), as production starts it, and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E_DATABASE_URL, TEST_AUTH_SECRET } from "../setup/test-env";

export interface AppServer {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or an out-of-memory kill would. */
  kill: () => Promise<void>;
}

const ROOT = path.join(__dirname, "..", "..");

async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output()}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer at ${origin}:\n${output()}`);
}

/**
 * `command` "server" is `npm start` (server.ts); "next" is a platform's plain `next start`. Both use
 * the build in .next; `env` is added to a production environment on the browser tests' database.
 */
export async function startAppServer(options: { port: number; command?: "server" | "next"; env?: Record<string, string | undefined> }): Promise<AppServer> {
  const command = options.command ?? "server";
  // server.ts runs in this very process (tsx as a loader, not its CLI, which serves from a child of
  // its own): a SIGKILL must reach the server, not leave it running with the port and the job.
  const args = command === "server" ? ["--import", "tsx", "server.ts"] : [require.resolve("next/dist/bin/next"), "start", "--port", String(options.port)];
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: E2E_DATABASE_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    AUTH_URL: undefined,
    ...options.env,
  };
  const child = spawn(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const origin = `http://127.0.0.1:${options.port}`;
  const output = () => log;
  await waitForHealth(origin, child, output).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return {
    origin,
    output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

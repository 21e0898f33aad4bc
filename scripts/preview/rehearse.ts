// npm run preview:rehearse: the preview workflow (.github/workflows/preview.yml) played on this
// machine, with a loopback proxy standing in for the platform. A build in preview mode into its own
// folder (.next stays as it is), `npm run preview:up`, a plain `next start` with JOBS_INLINE=true
// behind a proxy that sets x-real-ip as Vercel's edge does (CLIENT_IP_SOURCE=vercel), `npm run smoke`
// against the proxy, then `npm run preview:down`. Exits non-zero when any step fails, and cleans up
// whatever happens. REHEARSE_SKIP_BUILD=1 reuses the last rehearsal build; REHEARSE_KEEP_BUILD=1 keeps
// it. REHEARSE_REUSE_BUILD=1 runs the usual build in .next instead (CI, right after the browser tests
// built it): the same code, with another address baked into its static pages' links.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ReverseProxy } from "../../tests/fakes/reverse-proxy";

const ROOT = path.join(__dirname, "..", "..");
const NAME = "rehearsal";
// Under .data, which the typecheck, lint and formatter leave out, so the second build bothers no one.
const REUSE_BUILD = process.env.REHEARSE_REUSE_BUILD === "1";
const DIST_DIR = REUSE_BUILD ? ".next" : path.join(".data", "next-preview");
const APP_PORT = Number(process.env.REHEARSE_PORT ?? 3185);
const EDGE_PORT = APP_PORT + 1;
const EDGE_ORIGIN = `http://127.0.0.1:${EDGE_PORT}`;
const NEXT = require.resolve("next/dist/bin/next");
const TSX = require.resolve("tsx/cli");
const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// Next rewrites these for the build's folder; they are put back so the usual build's stay in force.
const REWRITTEN_BY_BUILD = ["tsconfig.json", "next-env.d.ts"];

const timings: [string, number][] = [];
async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    return await work();
  } finally {
    timings.push([name, (Date.now() - started) / 1000]);
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, capture = false): string {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: capture ? ["ignore", "pipe", "inherit"] : "inherit", encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.slice(0, 3).join(" ")} failed (exit ${result.status ?? result.signal})`);
  return result.stdout ?? "";
}

/**
 * Like run(), without blocking this process, whose event loop serves the proxy meanwhile.
 * `onOutput` hears of the child's first output (for a build: the lock is taken and Next has started).
 */
function runInBackground(command: string, args: string[], env: NodeJS.ProcessEnv, onOutput?: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.once("data", () => onOutput?.());
    child.stdout.pipe(process.stdout);
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[1] ?? command)} failed (exit ${code ?? signal})`))));
  });
}

/** `npm run preview:<script>`, run as npm runs it, against the server the previews live on. */
const previewScript = (script: string, args: string[], capture = false) =>
  run(process.execPath, [TSX, "--conditions=react-server", `scripts/preview/${script}.ts`, ...args], { ...process.env, DATABASE_URL: SERVER_URL }, capture);

/** The build, timed from when it has the machine's build lock; returns the seconds it waited for it. */
async function build(env: NodeJS.ProcessEnv): Promise<number> {
  const saved = REWRITTEN_BY_BUILD.filter((file) => existsSync(path.join(ROOT, file))).map(
    (file) => [file, readFileSync(path.join(ROOT, file), "utf8")] as const,
  );
  // Builds share the machine one at a time (other work builds .next under the same lock).
  const locked = spawnSync("flock", ["--version"]).status === 0;
  const asked = Date.now();
  let started = asked;
  try {
    const next = [NEXT, "build"];
    if (locked) await runInBackground("flock", ["/tmp/pictura-build.lock", process.execPath, ...next], env, () => (started = Date.now()));
    else await runInBackground(process.execPath, next, env);
  } finally {
    for (const [file, content] of saved) writeFileSync(path.join(ROOT, file), content);
  }
  return (started - asked) / 1000;
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const ok = await fetch(`${EDGE_ORIGIN}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the preview did not answer /api/health within 90 s");
}

async function main(): Promise<number> {
  let server: ChildProcess | null = null;
  let edge: ReverseProxy | null = null;
  const stop = async () => {
    await edge?.stop().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
  let failure: unknown = null;
  try {
    // A run killed earlier may have left its preview: start from nothing.
    await phase("preview:down (leftovers)", () => previewScript("down", [NAME]));
    const settings = await phase("preview:up", () => parseEnvironment(previewScript("up", [NAME], true)));
    const secret = randomBytes(32).toString("base64url");
    const password = randomBytes(12).toString("base64url");
    const previewEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...settings,
      NEXT_DIST_DIR: DIST_DIR,
      APP_URL: EDGE_ORIGIN,
      AUTH_SECRET: secret,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    if (REUSE_BUILD) {
      if (!existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) throw new Error("REHEARSE_REUSE_BUILD=1, but there is no build in .next");
    } else if (process.env.REHEARSE_SKIP_BUILD !== "1" || !existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
      const waited = await phase("build in preview mode", () => build(previewEnv));
      // Another build's turn is not this build's own time.
      timings.push(["  of which waiting for the lock", waited]);
    }
    server = await phase("next start behind the proxy", async () => {
      const child = spawn(process.execPath, [NEXT, "start", "--port", String(APP_PORT)], {
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit"],
        // SMTP_URL names a server that is not there: a preview must not even try it.
        env: {
          ...previewEnv,
          NODE_ENV: "production",
          JOBS_INLINE: "true",
          // As on Vercel, whose runtime sets VERCEL=1: CLIENT_IP_SOURCE=vercel is refused without it.
          VERCEL: "1",
          CLIENT_IP_SOURCE: "vercel",
          PREVIEW_PASSWORD: password,
          SMTP_URL: "smtp://127.0.0.1:9",
        },
      });
      edge = await new ReverseProxy({
        upstream: `http://127.0.0.1:${APP_PORT}`,
        host: "public",
        addHeaders: (client) => ({ "x-real-ip": client, "x-forwarded-for": client, "x-forwarded-proto": "http" }),
      }).start(EDGE_PORT);
      await waitForHealth(child);
      return child;
    });
    await phase("smoke test", () =>
      runInBackground(process.execPath, [TSX, "scripts/smoke.ts", EDGE_ORIGIN], { ...process.env, SMOKE_PREVIEW_PASSWORD: password }),
    );
  } catch (error) {
    failure = error;
  } finally {
    await stop();
    await phase("preview:down", () => previewScript("down", [NAME])).catch((error: unknown) => (failure ??= error));
    if (!REUSE_BUILD && process.env.REHEARSE_KEEP_BUILD !== "1") rmSync(path.join(ROOT, DIST_DIR), { recursive: true, force: true });
  }
  console.log(`\nRehearsal ${failure ? "FAILED" : "passed"}:`);
  for (const [name, seconds] of timings) console.log(`  ${name.padEnd(30)} ${seconds.toFixed(1).padStart(7)} s`);
  if (failure) console.error(`\n${failure instanceof Error ? failure.message : String(failure)}`);
  return failure ? 1 : 0;
}

/** preview:up's NAME=value lines. */
function parseEnvironment(output: string): Record<string, string> {
  const lines = output.split("\n").filter((line) => /^[A-Z_]+=/.test(line));
  const settings = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
  for (const name of ["DATABASE_URL", "APP_ENV", "PREVIEW_NAME", "STORAGE_PREFIX"]) if (!settings[name]) throw new Error(`preview:up printed no ${name}`);
  return settings;
}

main().then((code) => process.exit(code));

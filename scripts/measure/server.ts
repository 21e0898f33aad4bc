// What the measuring scripts share: one production build and a `next start` on MEASURE_PORT, with
// the same environment, so measure:lighthouse and measure:first-load can reuse each other's build
// (MEASURE_SKIP_BUILD=1). APP_URL is the address the pages are measured at: static pages bake it in.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { localizedPagesOf } from "../../lib/tools/derive";

export const ROOT = path.resolve(__dirname, "..", "..");
export const PORT = Number(process.env.MEASURE_PORT ?? 3150);
export const BASE_URL = `http://localhost:${PORT}`;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export function measureEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    // The database holds the share the share page measures show (seed-share.ts); a guest's visit to any
    // other page touches no rows.
    DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_test",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "measure-secret-with-at-least-thirty-two-characters",
    APP_URL: BASE_URL,
    // A plain `next start`, as a platform runs it, must be told whom to believe for client addresses.
    CLIENT_IP_SOURCE: process.env.CLIENT_IP_SOURCE ?? "proxy",
    TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS ?? "1",
  };
}

const NEXT_BIN = require.resolve("next/dist/bin/next");

/** Builds the app unless MEASURE_SKIP_BUILD=1 asks to reuse the build already in .next. */
export function buildOnce(): void {
  if (process.env.MEASURE_SKIP_BUILD !== "1") {
    const build = spawnSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, env: measureEnv(), stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("No build found: run without MEASURE_SKIP_BUILD.");
}

export async function waitForServer(url: string, attempts = 120): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not start`);
}

/** Fails when something already answers on the port: its figures would be an older build's. */
export async function assertPortFree(url: string): Promise<void> {
  const answered = await fetch(url).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`${url} already answers: stop that server (or set MEASURE_PORT) so the measured build is this one.`);
}

/** `next start` on MEASURE_PORT, ready to answer. */
export async function startServer(): Promise<ChildProcess> {
  await assertPortFree(`${BASE_URL}/robots.txt`);
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(PORT)], { cwd: ROOT, env: measureEnv(), stdio: "ignore" });
  const exited = new Promise<never>((_, reject) => server.once("exit", (code) => reject(new Error(`next start exited with code ${code}`))));
  await Promise.race([waitForServer(`${BASE_URL}/robots.txt`), exited]);
  return server;
}

/**
 * The path of a share link's page in the measured database (scripts/measure/seed-share.ts makes one the
 * first time): the page needs a real share to show.
 */
export function sharePage(): string {
  const seeded = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "seed-share.ts")], {
    cwd: ROOT,
    env: measureEnv(),
    encoding: "utf8",
  });
  const page = seeded.stdout.trim().split("\n").pop() ?? "";
  if (seeded.status !== 0 || !page.startsWith("/s/")) throw new Error(`Seeding the measured share failed:\n${seeded.stderr}`);
  return page;
}

/** Every screen with a budget: the editor, the account-free screens and each tool page of the registry. */
export const MEASURED_PAGES = ["/", "/auth", "/subscription", "/gallery", ...Object.keys(localizedPagesOf()), "/developers"];

// Serves a production build for the browser tests: prepares their database, builds (with no secret,
// as a deploy does), and starts the app with an image worker beside it, as production runs them.
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";
import { prepareDatabase } from "../lib/db/prepare";
import { e2eBuildEnv } from "../tests/e2e/server-env";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  await prepareDatabase(url);
  const next = require.resolve("next/dist/bin/next");
  if (process.env.E2E_SKIP_BUILD !== "1") {
    // Without AUTH_SECRET, as a deploy builds: the server below gets it.
    const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: e2eBuildEnv() });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Bound to loopback on purpose: a regression of Next's loopback rewrite loop fails every browser test.
  const server = spawn(process.execPath, [require.resolve("tsx/cli"), "server.ts"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", PORT: process.env.PORT ?? "3100", HOST: process.env.HOST ?? "127.0.0.1" },
  });
  const worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "worker.ts")], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "1" },
  });
  const stop = () => {
    server.kill("SIGTERM");
    worker.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code) => {
    worker.kill("SIGTERM");
    process.exit(code ?? 0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

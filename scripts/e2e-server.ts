// Serves a production build for the browser tests: prepares their database, builds, and starts the
// app with an image worker beside it, as production runs them.
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";
import { prepareDatabase } from "../lib/db/prepare";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  await prepareDatabase(url);
  const next = require.resolve("next/dist/bin/next");
  if (process.env.E2E_SKIP_BUILD !== "1") {
    const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: process.env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = spawn(process.execPath, [next, "start", "--port", process.env.PORT ?? "3100"], { stdio: "inherit", env: process.env });
  const worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "worker.ts")], {
    stdio: "inherit",
    env: { ...process.env, WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "1" },
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

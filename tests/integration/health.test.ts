// Health as a load balancer and an operator see it: /api/health answers while the process serves,
// whatever the database does; /api/health/ready says 503 and names the part that is not ready (the
// database, a pending migration, no worker lately), in fixed words that never carry a secret.
import { createServer, type Server, type Socket } from "node:net";
import { Client } from "pg";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { db } from "@/lib/db";
import { MIGRATION_LOCK_ID, readMigrations } from "@/lib/db/migrate";
import { closeHealthPools } from "@/lib/health/database";
import { forgetReadiness, READY_SHARED_MS } from "@/lib/health/readiness";
import { blobStore } from "@/lib/storage/store";
import { apiRequest } from "./helpers";
import { setSettings } from "../setup/settings";

const saved = { DATABASE_URL: process.env.DATABASE_URL };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const databaseAt = (port: number) => `postgresql://postgres:s3cret-password@127.0.0.1:${port}/pictura_test`;

async function askReady() {
  const response = await ready(apiRequest("GET", "/api/health/ready"));
  return { status: response.status, cacheControl: response.headers.get("cache-control"), text: await response.clone().text(), body: await response.json() };
}

const freshHeartbeat = () =>
  db.$executeRaw`INSERT INTO "worker_heartbeats" ("id", "host", "pid") VALUES (${`test:${process.pid}:${Date.now()}`}, 'test', ${process.pid})`;

beforeEach(async () => {
  forgetReadiness();
  await db.workerHeartbeat.deleteMany({});
  // An unreachable database is logged once per check; the answers are what these tests read.
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(async () => {
  jest.restoreAllMocks();
  await db.workerHeartbeat.deleteMany({});
});

afterAll(async () => {
  await closeHealthPools();
});

describe("GET /api/health", () => {
  it("answers ok, uncached, without asking the database", async () => {
    setSettings({ DATABASE_URL: databaseAt(await closedPort()) });
    const response = await health(apiRequest("GET", "/api/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/health/ready", () => {
  it("is ready when the database, migrations, queue, storage and a recent worker all are", async () => {
    await freshHeartbeat();
    const answer = await askReady();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", queue: "ok", storage: "ok", worker: "ok" },
    });
    expect(answer.cacheControl).toBe("no-store");
  });

  it("names the database when it cannot be reached, and says nothing about where it is", async () => {
    await freshHeartbeat();
    const port = await closedPort();
    setSettings({ DATABASE_URL: databaseAt(port) });
    const answer = await askReady();
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe("not_ready");
    expect(answer.body.failed).toContain("database");
    expect(answer.body.checks).toMatchObject({ database: "unreachable", migrations: "database unavailable", storage: "ok" });
    expect(answer.text).not.toMatch(new RegExp(`${port}|127\\.0\\.0\\.1|s3cret|postgres|ECONNREFUSED`));
    expect(answer.cacheControl).toBe("no-store");
  });

  it("gives up on a database that accepts connections but never answers", async () => {
    const sockets = new Set<Socket>();
    let finished = false;
    // Connections still being tried when the test ends are hung up at once, so the server can close.
    const silent: Server = createServer((socket) => (finished ? socket.destroy() : sockets.add(socket)));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      setSettings({ DATABASE_URL: databaseAt((silent.address() as { port: number }).port) });
      const answer = await askReady();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.database).toBe("timed out");
    } finally {
      finished = true;
      for (const socket of sockets) socket.destroy();
      await closeHealthPools();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("names the migrations when a migration folder is not applied", async () => {
    await freshHeartbeat();
    const newest = (await readMigrations()).at(-1)!.name;
    // Holding the migrator's own lock keeps any `db:migrate` from re-applying it meanwhile.
    const client = new Client({ connectionString: saved.DATABASE_URL });
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await client.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1 AND rolled_back_at IS NULL`, [newest]);
      const answer = await askReady();
      expect(answer.status).toBe(503);
      expect(answer.body.failed).toEqual(["migrations"]);
      expect(answer.body.checks.migrations).toBe("1 pending");
    } finally {
      await client.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, [newest]);
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      await client.end();
    }
    expect((await askReady()).status).toBe(200);
  });

  it("names the worker when none has been seen in the last minute", async () => {
    await db.$executeRaw`INSERT INTO "worker_heartbeats" ("id", "host", "pid", "lastSeenAt") VALUES ('gone:1:1', 'gone', 1, now() - interval '2 minutes')`;
    const answer = await askReady();
    expect(answer.status).toBe(503);
    expect(answer.body.failed).toEqual(["worker"]);
    expect(answer.body.checks.worker).toBe("no heartbeat in the last 60 s");
  });

  it("wants no worker when jobs run inline", async () => {
    setSettings({ JOBS_INLINE: "true" });
    const answer = await askReady();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", queue: "ok", storage: "ok" } });
  });
});

describe("GET /api/health/ready under a burst", () => {
  /** Counts the probes that reach the blob store: each one writes one object. */
  const countProbes = () => jest.spyOn(blobStore(), "put");
  /** Moves this process's clock on by `ms` from now on. */
  const later = (ms: number) => {
    const now = Date.now.bind(Date);
    jest.spyOn(Date, "now").mockImplementation(() => now() + ms);
  };

  it("shares one probe among concurrent callers, and the success for a moment after", async () => {
    await freshHeartbeat();
    const probes = countProbes();
    const answers = await Promise.all(Array.from({ length: 40 }, () => askReady()));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.every((answer) => answer.cacheControl === "no-store")).toBe(true);
    expect(probes).toHaveBeenCalledTimes(1);

    expect((await askReady()).status).toBe(200);
    expect(probes).toHaveBeenCalledTimes(1);

    later(READY_SHARED_MS + 1);
    expect((await askReady()).status).toBe(200);
    expect(probes).toHaveBeenCalledTimes(2);
  });

  it("shares a failing probe only while it runs: the next call after it looks again", async () => {
    const probes = countProbes();
    const answers = await Promise.all(Array.from({ length: 20 }, () => askReady()));
    expect(answers.map((answer) => answer.body.failed)).toEqual(Array(20).fill(["worker"]));
    expect(probes).toHaveBeenCalledTimes(1);

    await freshHeartbeat();
    expect((await askReady()).status).toBe(200);
    expect(probes).toHaveBeenCalledTimes(2);
  });

  it("does not share a result across settings", async () => {
    await freshHeartbeat();
    expect((await askReady()).status).toBe(200);
    setSettings({ DATABASE_URL: databaseAt(await closedPort()) });
    expect((await askReady()).body.checks.database).toBe("unreachable");
  });
});

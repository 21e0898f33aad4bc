// A worker says it is there while it takes jobs and stops saying so when it stops, so the readiness
// check can tell a deployment whose workers are all gone; rows of workers that died are pruned.
import { hostname } from "node:os";
import { GET as ready } from "@/app/api/health/ready/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { closeHealthPools } from "@/lib/health/database";
import { forgetReadiness } from "@/lib/health/readiness";
import { stopQueueClient } from "@/lib/jobs/boss";
import { closeOperationEvents } from "@/lib/jobs/events";
import { startHeartbeat } from "@/lib/jobs/heartbeat";
import { startWorker } from "@/lib/jobs/worker";
import { apiRequest } from "./helpers";

jest.setTimeout(60_000);

const readiness = async () => (await ready(apiRequest("GET", "/api/health/ready"))).json();
const heartbeatOf = (id: string) => db.workerHeartbeat.findUnique({ where: { id } });

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

beforeEach(async () => {
  await db.workerHeartbeat.deleteMany({});
});

afterAll(async () => {
  await stopQueueClient();
  await closeOperationEvents();
  await closeHealthPools();
});

describe("worker heartbeats", () => {
  it("a started worker is seen by the readiness check until it stops", async () => {
    const worker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: 1 });
    let id: string;
    try {
      id = worker.heartbeat.workerId;
      expect(id).toMatch(new RegExp(`^${hostname()}:${process.pid}:[0-9a-f]{8}$`));
      expect(await heartbeatOf(id)).toMatchObject({ host: hostname(), pid: process.pid });
      expect(await readiness()).toMatchObject({ status: "ready", checks: { worker: "ok" } });
    } finally {
      await worker.stop();
    }
    expect(await heartbeatOf(id)).toBeNull();
    // The success above is shared for a moment (READY_SHARED_MS); a new round sees the worker gone.
    forgetReadiness();
    expect(await readiness()).toMatchObject({ status: "not_ready", failed: ["worker"] });
  });

  it("keeps its row fresh and prunes the rows of workers that died long ago", async () => {
    await db.$executeRaw`INSERT INTO "worker_heartbeats" ("id", "host", "pid", "lastSeenAt") VALUES ('dead:1:1', 'dead', 1, now() - interval '2 hours')`;
    const heartbeat = await startHeartbeat(50);
    try {
      expect(await heartbeatOf("dead:1:1")).toBeNull();
      await db.$executeRaw`UPDATE "worker_heartbeats" SET "lastSeenAt" = now() - interval '5 minutes' WHERE "id" = ${heartbeat.workerId}`;
      await waitFor(async () => Date.now() - (await heartbeatOf(heartbeat.workerId))!.lastSeenAt.getTime() < 60_000, "the next heartbeat");
    } finally {
      await heartbeat.stop();
    }
    expect(await heartbeatOf(heartbeat.workerId)).toBeNull();
  });
});

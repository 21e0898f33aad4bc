// The readiness checks, one function each. A check resolves when its part is fine and throws a
// CheckFailure with a short fixed reason when it is not; whatever else it throws is mapped to a fixed
// reason too (readiness.ts), so no answer ever carries a connection string or a driver's message.
import "server-only";
import { randomBytes } from "node:crypto";
import type { Pool } from "pg";
import bossPackage from "pg-boss/package.json";
import { readMigrations } from "@/lib/db/migrate";
import { DEAD_LETTER_QUEUE, LOCAL_QUEUE, QUEUE_SCHEMA, REMOTE_QUEUE } from "@/lib/jobs/queue-config";
import { blobStore } from "@/lib/storage/store";

/** A worker seen within this long counts as taking jobs (it beats every 15 s). */
export const WORKER_FRESH_SECONDS = 60;

export class CheckFailure extends Error {}

const UNDEFINED_TABLE = "42P01";
const UNDEFINED_SCHEMA = "3F000";

function isMissingRelation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === UNDEFINED_TABLE || code === UNDEFINED_SCHEMA;
}

export async function checkDatabase(pool: Pool): Promise<void> {
  await pool.query("SELECT 1");
}

/** Every folder in prisma/migrations is applied, finished and unchanged since. */
export async function checkMigrations(pool: Pool): Promise<void> {
  const expected = await readMigrations().catch(() => {
    throw new CheckFailure("migration files not found");
  });
  const applied = await pool
    .query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    )
    .catch((error: unknown) => {
      if (isMissingRelation(error)) throw new CheckFailure("none applied");
      throw error;
    });
  const checksums = new Map(applied.rows.map((row) => [row.migration_name, row.checksum]));
  const pending = expected.filter((migration) => !checksums.has(migration.name)).length;
  if (pending > 0) throw new CheckFailure(`${pending} pending`);
  const changed = expected.filter((migration) => checksums.get(migration.name) !== migration.checksum).length;
  if (changed > 0) throw new CheckFailure(`${changed} changed after being applied`);
}

/** pg-boss's schema at the version this pg-boss expects, and the app's queues in it. */
export async function checkQueue(pool: Pool): Promise<void> {
  const queues = [LOCAL_QUEUE, REMOTE_QUEUE, DEAD_LETTER_QUEUE];
  const result = await pool
    .query<{ version: number | null; found: string[] }>(
      `SELECT (SELECT max(version) FROM "${QUEUE_SCHEMA}".version) AS version,
              ARRAY(SELECT name FROM "${QUEUE_SCHEMA}".queue WHERE name = ANY($1::text[])) AS found`,
      [queues],
    )
    .catch((error: unknown) => {
      if (isMissingRelation(error)) throw new CheckFailure("not installed");
      throw error;
    });
  const { version, found } = result.rows[0] ?? { version: null, found: [] };
  if (Number(version) !== bossPackage.pgboss.schema) throw new CheckFailure("schema needs migrating");
  if (found.length < queues.length) throw new CheckFailure("queues missing");
}

/** Some worker process wrote its heartbeat lately (lib/jobs/heartbeat.ts). */
export async function checkWorker(pool: Pool): Promise<void> {
  const result = await pool
    .query<{ alive: boolean }>(`SELECT EXISTS (SELECT 1 FROM "worker_heartbeats" WHERE "lastSeenAt" > now() - make_interval(secs => $1)) AS alive`, [
      WORKER_FRESH_SECONDS,
    ])
    .catch((error: unknown) => {
      if (isMissingRelation(error)) throw new CheckFailure("no heartbeat table");
      throw error;
    });
  if (!result.rows[0]?.alive) throw new CheckFailure(`no heartbeat in the last ${WORKER_FRESH_SECONDS} s`);
}

/** The blob store takes a small object, gives it back intact and deletes it. */
export async function checkStorage(): Promise<void> {
  const store = blobStore();
  const key = `health/probe-${randomBytes(8).toString("hex")}`;
  const body = Buffer.from(`readiness probe ${key}`);
  let stage = "write";
  try {
    await store.put(key, body, "text/plain");
    stage = "read";
    const back = await store.get(key);
    if (!back || !back.body.equals(body)) throw new CheckFailure("read back differs");
    stage = "delete";
    await store.delete(key);
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    throw new CheckFailure(`${stage} failed`);
  } finally {
    if (stage !== "delete") await store.delete(key).catch(() => undefined);
  }
}

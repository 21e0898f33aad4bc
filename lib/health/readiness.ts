// Whether this deployment can serve real work (GET /api/health/ready): the database answers, every
// migration is applied, the job queue is installed, the blob store writes and reads, and some worker
// has been seen in the last minute (unless JOBS_INLINE runs jobs in the web process). Checks run side
// by side, each within CHECK_TIMEOUT_MS, so the answer comes in about that time even when the
// database hangs. Reasons are short fixed phrases: nothing from a driver, which could name a host or
// a connection string, reaches the answer.
// Callers share one round of checks: every call that arrives while a round runs gets its result, and a
// success is kept READY_SHARED_MS more, so a burst of probes writes one blob and asks the database a
// handful of times, not hundreds. A failure is shared only while it runs: the next call looks again,
// so a part that recovers is seen at once, and a failing round (up to CHECK_TIMEOUT_MS) still runs
// one at a time.
import "server-only";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { blobStore } from "@/lib/storage/store";
import { CheckFailure, checkDatabase, checkMigrations, checkQueue, checkStorage, checkWorker } from "./checks";
import { healthPool } from "./database";
import { logger } from "@/lib/observability/log";

const log = logger("health");

export const CHECK_TIMEOUT_MS = 2_500;
/** How long a success answers later calls too: a worker gone or a part failing shows within this. */
export const READY_SHARED_MS = 2_000;

export type CheckName = "database" | "migrations" | "queue" | "storage" | "worker";
/** "ok", or a short reason the part is not ready. */
export type CheckResults = Partial<Record<CheckName, string>>;
export type Readiness = { status: "ready"; checks: CheckResults } | { status: "not_ready"; failed: CheckName[]; checks: CheckResults };

const USES_DATABASE: CheckName[] = ["migrations", "queue", "worker"];
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

class CheckTimeout extends Error {}

function reasonFor(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof CheckTimeout) return "timed out";
  const { code, message } = error as { code?: string; message?: string };
  if (code && UNREACHABLE.has(code)) return "unreachable";
  if (code === "57014" || /timeout/i.test(message ?? "")) return "timed out";
  if (code === "28P01" || code === "28000") return "credentials refused";
  if (code === "3D000") return "database does not exist";
  return "failed";
}

async function outcome(name: CheckName, run: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([run(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CheckTimeout()), CHECK_TIMEOUT_MS)))]);
    return "ok";
  } catch (error) {
    const reason = reasonFor(error);
    // A known cause is one line; only an unexpected one needs the whole error, in the server's log.
    if (reason === "failed") log.error({ err: error, check: name }, "readiness check failed");
    else if (!(error instanceof CheckFailure)) log.warn({ check: name, reason }, "readiness check did not pass");
    return reason;
  } finally {
    clearTimeout(timer);
  }
}

interface SharedRound {
  /** What the round checked: another database, store or JOBS_INLINE is another question. */
  pool: Pool;
  store: object;
  inline: boolean;
  result: Promise<Readiness>;
  /** Until when a later call takes this round's result: for ever while it runs. */
  sharedUntil: number;
}

let shared: SharedRound | undefined;

/** The result of the round running now, or of a recent success, else of a new round. */
export function checkReadiness(pool: Pool = healthPool()): Promise<Readiness> {
  const store = blobStore();
  const inline = env().JOBS_INLINE;
  const round = shared;
  if (round && round.pool === pool && round.store === store && round.inline === inline && Date.now() < round.sharedUntil) return round.result;
  const started: SharedRound = { pool, store, inline, result: runChecks(pool, inline), sharedUntil: Infinity };
  shared = started;
  void started.result.then(
    (readiness) => (started.sharedUntil = readiness.status === "ready" ? Date.now() + READY_SHARED_MS : 0),
    () => (started.sharedUntil = 0),
  );
  return started.result;
}

/** The next call runs its own round (tests; an operator's tool that must see a change at once). */
export function forgetReadiness(): void {
  shared = undefined;
}

async function runChecks(pool: Pool, inline: boolean): Promise<Readiness> {
  const checks: [CheckName, () => Promise<void>][] = [
    ["database", () => checkDatabase(pool)],
    ["migrations", () => checkMigrations(pool)],
    ["queue", () => checkQueue(pool)],
    ["storage", checkStorage],
  ];
  // Without a worker tier nobody heartbeats, and nobody needs to.
  if (!inline) checks.push(["worker", () => checkWorker(pool)]);
  const results: CheckResults = Object.fromEntries(await Promise.all(checks.map(async ([name, run]) => [name, await outcome(name, run)] as const)));
  if (results.database !== "ok") {
    // One cause, said once: the checks that only read the database failed because of it.
    for (const name of USES_DATABASE) if (results[name] && results[name] !== "ok") results[name] = "database unavailable";
  }
  const failed = (Object.keys(results) as CheckName[]).filter((name) => results[name] !== "ok");
  return failed.length ? { status: "not_ready", failed, checks: results } : { status: "ready", checks: results };
}

// Whether this deployment can serve real work (GET /api/health/ready): the database answers, every
// migration is applied, the job queue is installed, the blob store writes and reads, and some worker
// has been seen in the last minute (unless JOBS_INLINE runs jobs in the web process). Checks run side
// by side, each within CHECK_TIMEOUT_MS, so the answer comes in about that time even when the
// database hangs. Reasons are short fixed phrases: nothing from a driver, which could name a host or
// a connection string, reaches the answer.
import "server-only";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { CheckFailure, checkDatabase, checkMigrations, checkQueue, checkStorage, checkWorker } from "./checks";
import { healthPool } from "./database";

export const CHECK_TIMEOUT_MS = 2_500;

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
    if (reason === "failed") console.error(`[health] ${name} check failed`, error);
    else if (!(error instanceof CheckFailure)) console.warn(`[health] ${name}: ${reason}`);
    return reason;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(pool: Pool = healthPool()): Promise<Readiness> {
  const checks: [CheckName, () => Promise<void>][] = [
    ["database", () => checkDatabase(pool)],
    ["migrations", () => checkMigrations(pool)],
    ["queue", () => checkQueue(pool)],
    ["storage", checkStorage],
  ];
  // Without a worker tier nobody heartbeats, and nobody needs to.
  if (!env().JOBS_INLINE) checks.push(["worker", () => checkWorker(pool)]);
  const results: CheckResults = Object.fromEntries(await Promise.all(checks.map(async ([name, run]) => [name, await outcome(name, run)] as const)));
  if (results.database !== "ok") {
    // One cause, said once: the checks that only read the database failed because of it.
    for (const name of USES_DATABASE) if (results[name] && results[name] !== "ok") results[name] = "database unavailable";
  }
  const failed = (Object.keys(results) as CheckName[]).filter((name) => results[name] !== "ok");
  return failed.length ? { status: "not_ready", failed, checks: results } : { status: "ready", checks: results };
}

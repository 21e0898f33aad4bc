// Each caller's allowance of worker time: an operation records the time workers spent on it (run-job),
// and new work is refused with 429 while the operations a caller started in the last hour used up
// their allowance. Failed work counts too: a job that fails late cost a worker as much as one that
// succeeded, and is refunded. Work still running counts for the time it has run so far, so jobs
// started side by side cannot each find the allowance untouched. The caller is an account (a paid
// plan's allowance is larger), or a guest's network address, so a guest's conversions and a signed-in user's work on the same network
// draw on separate allowances. Summed in PostgreSQL (operations_userId_createdAt_idx,
// operations_guestAddress_createdAt_idx), so every web server and worker agrees.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import type { Prisma, Tier } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/observability/log";

const log = logger("worker");

const WINDOW_MS = 60 * 60 * 1000;
const RUNNING_WAIT_MS = 60 * 1000;

export interface WorkerTimeCaller {
  userId: string | null;
  guestAddress?: string | null;
}

const PAID_TIERS: readonly Tier[] = ["essential", "pro"];

async function callerFilter(caller: WorkerTimeCaller): Promise<{ where: Prisma.OperationWhereInput; allowedSeconds: number } | null> {
  const settings = env();
  if (caller.userId) {
    const user = await db.user.findUnique({ where: { id: caller.userId }, select: { tier: true } });
    const paid = user !== null && PAID_TIERS.includes(user.tier);
    return { where: { userId: caller.userId }, allowedSeconds: paid ? settings.IMAGE_WORKER_SECONDS_PAID : settings.IMAGE_WORKER_SECONDS_ACCOUNT };
  }
  if (caller.guestAddress) return { where: { userId: null, guestAddress: caller.guestAddress }, allowedSeconds: settings.IMAGE_WORKER_SECONDS_GUEST };
  return null;
}

function minutes(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds / 60));
  return `${whole} minute${whole === 1 ? "" : "s"}`;
}

/**
 * Refuses new work with 429 and a Retry-After when the caller's operations of the last hour used their
 * allowance; the wait is until enough of that time is an hour old. One indexed sum per request.
 */
export async function assertWorkerTimeLeft(caller: WorkerTimeCaller): Promise<void> {
  const filter = await callerFilter(caller);
  if (!filter || filter.allowedSeconds === 0) return;
  const allowedMs = filter.allowedSeconds * 1000;
  const now = Date.now();
  const where: Prisma.OperationWhereInput = { ...filter.where, createdAt: { gte: new Date(now - WINDOW_MS) } };
  const [{ _sum }, running] = await Promise.all([
    db.operation.aggregate({ where, _sum: { workerMs: true } }),
    // A run's time is recorded when it ends; until then its attempt's start tells how long it has run.
    db.operation.findMany({ where: { ...where, status: "running", startedAt: { not: null } }, select: { startedAt: true } }),
  ]);
  const runningMs = running.reduce((sum, operation) => sum + Math.max(0, now - operation.startedAt!.getTime()), 0);
  let usedMs = (_sum.workerMs ?? 0) + runningMs;
  if (usedMs < allowedMs) return;
  const counted = await db.operation.findMany({
    where: { ...where, workerMs: { gt: 0 } },
    select: { createdAt: true, workerMs: true },
    orderBy: { createdAt: "asc" },
  });
  // The wait is until enough recorded time is an hour old; work still running holds the allowance
  // until it ends, which its caller sees, so that wait is a minute.
  let freeAt = now + (runningMs >= allowedMs ? RUNNING_WAIT_MS : WINDOW_MS);
  for (const operation of counted) {
    usedMs -= operation.workerMs;
    if (usedMs < allowedMs) {
      freeAt = operation.createdAt.getTime() + WINDOW_MS;
      break;
    }
  }
  const wait = Math.max(1, Math.ceil((freeAt - now) / 1000));
  throw new RateLimitedError(
    `You have used this hour's image processing time (${minutes(filter.allowedSeconds)}${caller.userId ? "" : " without an account"}). ` +
      `Please try again in ${minutes(wait)}.`,
    wait,
    "processing_time_used",
  );
}

/** Adds a run's measured time to its operation, whoever settles it. */
export async function recordWorkerTime(operationId: string, milliseconds: number): Promise<void> {
  const spent = Math.max(0, Math.round(milliseconds));
  if (spent === 0) return;
  try {
    await db.operation.updateMany({ where: { id: operationId }, data: { workerMs: { increment: spent } } });
  } catch (error) {
    // A lost record costs the caller nothing; the work itself must still settle.
    log.error({ err: error, operationId }, "worker time not recorded");
  }
}

// Suspending an account, as an operator does it: in one transaction the account is marked, every
// session and pending two-step sign-in ends, its webhook endpoints are switched off and the audit trail
// gets one row; then its queued operations are canceled with their refunds. Running ones finish.
// Sign-in, sessions, two-step sign-in and API keys refuse a suspended account (./suspended-account.ts).
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { lockedAccount } from "./locked-account";
import { checkedReason } from "./reason";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError, NotFoundError } from "@/lib/errors";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { requestCancel } from "@/lib/jobs/cancel";
import { isSuspensionCategory, SUSPENSION_CATEGORIES, type SuspensionCategory } from "./suspended-account";

interface SuspensionChange {
  actor: { id: string };
  userId: string;
  reason: string;
  /** The operator's client address, for the audit trail. */
  address: string | null;
}

export interface SuspensionOutcome {
  userId: string;
  suspended: boolean;
  /** False when the account already was in the asked state: nothing was written. */
  changed: boolean;
  message: string;
  sessionsEnded: number;
  webhookEndpointsPaused: number;
  operationsCanceled: number;
}

/** A deleted account is no one to suspend: as for an id that does not exist. */
async function liveAccount(tx: Prisma.TransactionClient, userId: string): Promise<User> {
  const user = await lockedAccount(tx, userId);
  if (user.deletedAt) throw new NotFoundError("There is no account with this id.", "user_not_found");
  return user;
}

const unchanged = (userId: string, suspended: boolean, message: string): SuspensionOutcome => ({
  userId,
  suspended,
  changed: false,
  message,
  sessionsEnded: 0,
  webhookEndpointsPaused: 0,
  operationsCanceled: 0,
});

export async function suspendAccount(request: SuspensionChange & { category: SuspensionCategory }): Promise<SuspensionOutcome> {
  const { actor, userId, category, address } = request;
  if (!isSuspensionCategory(category)) {
    throw new BadRequestError(`The category must be one of ${SUSPENSION_CATEGORIES.join(", ")}.`, "invalid_suspension_category");
  }
  const reason = checkedReason(request.reason);
  if (actor.id === userId) throw new ConflictError("You cannot suspend your own account.", "cannot_suspend_self");

  const done = await db.$transaction(async (tx) => {
    const user = await liveAccount(tx, userId);
    if (user.suspendedAt) return null;
    const now = new Date();
    await tx.user.update({ where: { id: userId }, data: { suspendedAt: now, suspensionCategory: category, suspensionReason: reason } });
    const sessions = await tx.authSession.deleteMany({ where: { userId } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId, usedAt: null } });
    // Switched off as their owner would; the audit row names them, and the owner switches them on again.
    const endpoints = await tx.webhookEndpoint.findMany({ where: { userId, disabledAt: null }, select: { id: true } });
    await tx.webhookEndpoint.updateMany({ where: { id: { in: endpoints.map((endpoint) => endpoint.id) } }, data: { disabledAt: now } });
    await recordAudit(tx, {
      actor: { type: "admin", id: actor.id },
      action: "user.suspend",
      target: { type: "user", id: userId },
      reason,
      before: { suspended: false, category: null },
      after: { suspended: true, category, webhookEndpointsPaused: endpoints.map((endpoint) => endpoint.id) },
      address,
    });
    return { sessionsEnded: sessions.count, webhookEndpointsPaused: endpoints.length };
  });
  // Each queued operation ends with its refund, once (requestCancel); running ones finish as they are.
  // Done on a repeat too: a process that died after the suspension's commit left some queued.
  const queued = await db.operation.findMany({ where: { userId, status: "queued" } });
  for (const operation of queued) await requestCancel(operation);
  if (!done) return { ...unchanged(userId, true, "This account is already suspended; nothing was changed."), operationsCanceled: queued.length };
  return { userId, suspended: true, changed: true, message: "The account is suspended.", ...done, operationsCanceled: queued.length };
}

/** Lifts a suspension. Webhook endpoints stay switched off: their owner switches them on again. */
export async function unsuspendAccount(request: SuspensionChange): Promise<SuspensionOutcome> {
  const { actor, userId, address } = request;
  const reason = checkedReason(request.reason);
  const changed = await db.$transaction(async (tx) => {
    const user = await liveAccount(tx, userId);
    if (!user.suspendedAt) return false;
    await tx.user.update({ where: { id: userId }, data: { suspendedAt: null, suspensionCategory: null, suspensionReason: null } });
    await recordAudit(tx, {
      actor: { type: "admin", id: actor.id },
      action: "user.unsuspend",
      target: { type: "user", id: userId },
      reason,
      before: { suspended: true, category: user.suspensionCategory },
      after: { suspended: false, category: null },
      address,
    });
    return true;
  });
  if (!changed) return unchanged(userId, false, "This account is not suspended; nothing was changed.");
  return { ...unchanged(userId, false, "The suspension is lifted."), changed: true };
}

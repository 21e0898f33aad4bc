// The audit trail of what operators, the command line and the system did to accounts: one row per
// action, written in the action's own transaction (so an action is never without its row, nor a row
// without its action), never changed or deleted afterwards (a trigger in the database refuses UPDATE,
// DELETE and TRUNCATE). Actors and targets are ids, not relations: deleting an account keeps its history.
import "server-only";
import { db } from "@/lib/db";
import type { AuditLog, Prisma } from "@/lib/generated/prisma/client";

type Client = Prisma.TransactionClient | typeof db;

/** What an audit row may record. */
export const AUDIT_ACTIONS = [
  "admin.grant",
  "admin.revoke",
  "user.suspend",
  "user.unsuspend",
  "credits.adjust",
  "operation.refund",
  "plan.grant",
  "plan.end",
  "plan.lapse",
  "sessions.end",
  "api_key.revoke",
  "verification_mail.send",
  "user.delete",
  "operation.rerun",
  "queue.change",
  "review.approve",
  "review.remove",
  "report.remove",
  "report.dismiss",
  "appeal.uphold",
  "appeal.reverse",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  actor: { type: "cli" | "admin" | "system"; id?: string | null };
  action: AuditAction;
  target: { type: string; id?: string | null };
  reason?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  /** The operator's address, when the action came over HTTP. */
  address?: string | null;
}

/** Writes one audit row through `client`: the transaction of the action it records. */
export async function recordAudit(client: Client, entry: AuditEntry): Promise<AuditLog> {
  return client.auditLog.create({
    data: {
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id ?? null,
      reason: entry.reason ?? null,
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
      address: entry.address ?? null,
    },
  });
}

/** The audit rows about one target, newest first, a page at a time (`cursor`: the last row's id of the page before). */
export async function auditEntriesAbout(targetType: string, targetId: string, options: { take?: number; cursor?: bigint } = {}): Promise<AuditLog[]> {
  return db.auditLog.findMany({
    where: { targetType, targetId, ...(options.cursor !== undefined ? { id: { lt: options.cursor } } : {}) },
    orderBy: { id: "desc" },
    take: options.take ?? 50,
  });
}

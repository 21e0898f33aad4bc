// The console's view of the audit log (lib/audit/log.ts): newest first, filtered by actor (an admin's
// id or e-mail address, or cli / system), action, target id and period, a page at a time. The export
// (lib/admin/audit-csv.ts) reads the same rows through the same filters.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError } from "@/lib/errors";
import type { AuditLog, Prisma } from "@/lib/generated/prisma/client";
import type { AdminAuditRow, AuditExportFilters, AuditSearch, Page } from "@/lib/validation/admin";
import { decodeCursor, newestFirst, pageOf, type Position } from "./cursor";

const ACTOR_TYPES = new Set(["cli", "system"]);

/** The filters as a where clause; null when they can match nothing (an e-mail address no account has). */
async function auditWhere(filters: AuditExportFilters): Promise<Prisma.AuditLogWhereInput | null> {
  let actor: Prisma.AuditLogWhereInput = {};
  if (filters.actor !== undefined) {
    if (ACTOR_TYPES.has(filters.actor)) actor = { actorType: filters.actor };
    else if (filters.actor.includes("@")) {
      const user = await db.user.findUnique({ where: { email: filters.actor.toLowerCase() }, select: { id: true } });
      if (!user) return null;
      actor = { actorId: user.id };
    } else actor = { actorId: filters.actor };
  }
  return {
    ...actor,
    action: filters.action,
    targetId: filters.target,
    createdAt: filters.from || filters.to ? { gte: filters.from, lt: filters.to } : undefined,
  };
}

function auditPosition(cursor: string | undefined): { createdAt: Date; id: bigint } | null {
  const position: Position | null = decodeCursor(cursor);
  if (!position) return null;
  if (!/^\d{1,19}$/.test(position.id)) throw new BadRequestError("That cursor is not one this list gave.", "invalid_cursor");
  return { createdAt: position.createdAt, id: BigInt(position.id) };
}

/** Up to `take` rows after `after`, newest first. */
export function auditRows(where: Prisma.AuditLogWhereInput, after: { createdAt: Date; id: bigint } | null, take: number): Promise<AuditLog[]> {
  return db.auditLog.findMany(newestFirst(where, after, take));
}

/** The rows as the console shows them, with each acting account's e-mail address (one query per page). */
export async function presentAuditRows(rows: AuditLog[]): Promise<AdminAuditRow[]> {
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const actors = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } }) : [];
  const emails = new Map(actors.map((actor) => [actor.id, actor.email]));
  return rows.map((row) => ({
    id: row.id.toString(),
    at: row.createdAt.toISOString(),
    actor: row.actorId ?? row.actorType,
    actorEmail: row.actorId ? (emails.get(row.actorId) ?? null) : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    address: row.address,
  }));
}

export async function searchAudit(search: AuditSearch): Promise<Page<AdminAuditRow>> {
  const after = auditPosition(search.cursor);
  const where = await auditWhere(search);
  if (!where) return { items: [], nextCursor: null };
  return pageOf(await auditRows(where, after, search.limit + 1), search.limit, presentAuditRows);
}

/** Every row the filters match, newest first, `batch` at a time, at most `most` in all. */
export async function* auditBatches(filters: AuditExportFilters, batch: number, most: number): AsyncGenerator<AdminAuditRow[]> {
  const where = await auditWhere(filters);
  if (!where) return;
  let after: { createdAt: Date; id: bigint } | null = null;
  for (let read = 0; read < most;) {
    const rows = await auditRows(where, after, Math.min(batch, most - read));
    if (rows.length === 0) return;
    yield presentAuditRows(rows);
    read += rows.length;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batch) return;
  }
}

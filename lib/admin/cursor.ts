// The console's lists page newest first by (createdAt, id), so a page never repeats or skips a row
// when rows arrive between two requests. The cursor is the last row's pair, opaque to the caller.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import type { Page } from "@/lib/validation/admin";

export interface Position {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.createdAt.getTime()}:${position.id}`, "utf8").toString("base64url");
}

/** The position a cursor stands for; a cursor this list never gave is a 400. */
export function decodeCursor(cursor: string | undefined): Position | null {
  if (cursor === undefined || cursor === "") return null;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,100})$/.exec(text);
  const createdAt = match ? new Date(Number(match[1])) : null;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime())) throw new BadRequestError("That cursor is not one this list gave.", "invalid_cursor");
  return { createdAt, id: match[2]! };
}

/** Rows strictly after `position` in newest-first order, with a bound on createdAt alone that an index can use. */
export function afterPosition<Id>(position: { createdAt: Date; id: Id } | null) {
  if (!position) return {};
  return {
    createdAt: { lte: position.createdAt },
    OR: [{ createdAt: { lt: position.createdAt } }, { id: { lt: position.id } }],
  };
}

/** A list's read: up to `take` rows matching `where` after `position`, newest first. */
export function newestFirst<Where, Id>(where: Where, position: { createdAt: Date; id: Id } | null, take: number) {
  const newest: [{ createdAt: "desc" }, { id: "desc" }] = [{ createdAt: "desc" }, { id: "desc" }];
  return { where: { AND: [where, afterPosition(position)] }, orderBy: newest, take };
}

/**
 * One page of a list read with one row more than `limit`: the first `limit` rows as `present` shows
 * them, and a cursor to the next page when that extra row says there is one.
 */
export async function pageOf<Row extends { createdAt: Date; id: string | bigint }, Item>(
  rows: Row[],
  limit: number,
  present: (page: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await present(page),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id.toString() }) : null,
  };
}

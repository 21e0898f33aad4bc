// The stored Idempotency-Keys: claiming one (exactly one of any number of parallel requests wins,
// by the unique (account, key) pair), remembering the first answer, and letting go of a claim whose
// request failed, so that a retry may run. Keys live 24 hours.
import "server-only";
import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_KEY_TTL_HOURS } from "@/lib/api/headers";
import { db } from "@/lib/db";
import type { IdempotencyKey } from "@/lib/generated/prisma/client";

/** A claim older than this whose request never finished (its server stopped) may be taken over. */
const ABANDONED_AFTER_MINUTES = 15;

export type Claim =
  { state: "claimed"; id: string } | { state: "reused" } | { state: "running" } | { state: "done"; record: IdempotencyKey } | { state: "gone" };

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Claims the key for this request, or says what holds it: the same request, running or done, or another. */
export async function claimIdempotencyKey(userId: string, key: string, requestHash: string): Promise<Claim> {
  // This account's expired keys go first, so an old key can be used afresh and the table stays small.
  await db.$executeRaw`
    DELETE FROM "idempotency_keys"
    WHERE "userId" = ${userId}
      AND ("createdAt" < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})
        OR ("key" = ${key} AND "completedAt" IS NULL AND "createdAt" < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})))`;
  const inserted = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "idempotency_keys" ("id", "userId", "key", "requestHash")
    VALUES (${randomUUID()}, ${userId}, ${key}, ${requestHash})
    ON CONFLICT ("userId", "key") DO NOTHING
    RETURNING "id"`;
  if (inserted[0]) return { state: "claimed", id: inserted[0].id };
  return readClaim(userId, key, requestHash);
}

/** Where an existing key stands for this request. */
export async function readClaim(userId: string, key: string, requestHash: string): Promise<Claim> {
  const record = await db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
  if (!record) return { state: "gone" };
  if (record.requestHash !== requestHash) return { state: "reused" };
  if (record.responseStatus === null) return { state: "running" };
  return { state: "done", record };
}

export async function rememberAnswer(id: string, answer: StoredAnswer): Promise<void> {
  await db.idempotencyKey.update({
    where: { id },
    data: { responseStatus: answer.status, responseHeaders: answer.headers, responseBody: new Uint8Array(answer.body), completedAt: new Date() },
  });
}

export async function releaseClaim(id: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id, completedAt: null } });
}

export function storedAnswer(record: IdempotencyKey): StoredAnswer {
  return {
    status: record.responseStatus ?? 200,
    headers: (record.responseHeaders ?? {}) as Record<string, string>,
    body: Buffer.from(record.responseBody ?? new Uint8Array()),
  };
}

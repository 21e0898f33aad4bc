// Creating, listing and revoking an account's API keys. A key is `pk_` plus 32 random bytes
// (base64url) and is shown once: only its SHA-256 is stored (a key is random enough that a fast hash
// is as safe as a slow one), with a short prefix for the Account page. Revoking deletes the row.
// Creating and revoking together are limited to API_KEY_CHANGES_PER_HOUR an hour per account.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { API_ERROR_CODES, API_KEY_CHANGES_PER_HOUR, API_KEY_PREFIX, API_KEY_VISIBLE_CHARACTERS, MAX_API_KEYS_PER_ACCOUNT } from "@/lib/api/headers";
import { takeHit } from "@/lib/rate-limit/counters";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError, RateLimitedError } from "@/lib/errors";
import type { ApiKey, Prisma } from "@/lib/generated/prisma/client";
import type { ApiKeyView, CreatedApiKey } from "@/lib/validation/api-keys";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function newApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + API_KEY_VISIBLE_CHARACTERS) };
}

function toView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Counts one creation or revocation; refuses it past the hourly allowance. */
async function takeKeyChange(userId: string): Promise<void> {
  const wait = await takeHit([{ key: `api-keys:changes:${userId}`, max: API_KEY_CHANGES_PER_HOUR, windowSeconds: 60 * 60 }]);
  if (wait === null) return;
  const minutes = Math.ceil(wait / 60);
  throw new RateLimitedError(
    `An account may create or revoke ${API_KEY_CHANGES_PER_HOUR} API keys an hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    wait,
    API_ERROR_CODES.apiKeyChangesRateLimited,
  );
}

export async function createApiKey(userId: string, name: string): Promise<CreatedApiKey> {
  await takeKeyChange(userId);
  const { key, prefix } = newApiKey();
  const row = await db.$transaction(async (tx) => {
    // The account's row is locked, so two parallel creations cannot both pass the count.
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
    const count = await tx.apiKey.count({ where: { userId } });
    if (count >= MAX_API_KEYS_PER_ACCOUNT) {
      throw new ConflictError(`An account can have at most ${MAX_API_KEYS_PER_ACCOUNT} API keys. Revoke one to create another.`, API_ERROR_CODES.apiKeyLimit);
    }
    return tx.apiKey.create({ data: { userId, name, prefix, hash: hashApiKey(key) } });
  });
  return { id: row.id, name: row.name, key, prefix: row.prefix };
}

export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toView);
}

/** Revokes one of the account's keys: from now on it answers 401. */
export async function revokeApiKey(userId: string, id: string): Promise<void> {
  await takeKeyChange(userId);
  await deleteApiKey(userId, id);
}

/**
 * Deletes one of the account's keys (the revocation itself, without the owner's hourly allowance: an
 * operator's revocation takes none of it), through `client`; a 404 when the account has no such key.
 */
export async function deleteApiKey(userId: string, id: string, client: Prisma.TransactionClient | typeof db = db): Promise<ApiKey> {
  const key = await client.apiKey.findFirst({ where: { id, userId } });
  const { count } = key ? await client.apiKey.deleteMany({ where: { id, userId } }) : { count: 0 };
  if (!key || count === 0) throw new NotFoundError("This API key was not found. It may have been revoked already.", "api_key_not_found");
  return key;
}

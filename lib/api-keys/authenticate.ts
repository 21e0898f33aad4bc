// Who a key call is from: the key in `Authorization: Bearer <key>` or `X-Api-Key: <key>`, looked up
// by its hash. A missing, malformed, wrong or revoked key, or one whose account is deleted, is the
// same 401, so an answer never tells which part was wrong. A live key of a suspended account is a 403
// that says so: whoever holds the key may know.
import "server-only";
import { assertNotSuspended } from "@/lib/admin/suspended-account";
import { API_ERROR_CODES, API_KEY_HEADER, API_KEY_PATTERN, AUTHORIZATION_HEADER } from "@/lib/api/headers";
import { db } from "@/lib/db";
import { UnauthorizedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { hashApiKey } from "./keys";

export interface KeyCaller {
  user: User;
  apiKeyId: string;
}

const BEARER = /^bearer(?:\s+(.*))?$/i;

/**
 * The key a request presents, "" for a key header that is there but empty, or null for none. With
 * `anyBearer` (routes that take keys) every `Authorization: Bearer` value is read as a key; elsewhere
 * only one that looks like ours is (a scheduler's own bearer secret is not an API key).
 */
export function presentedApiKey(headers: Headers, anyBearer: boolean): string | null {
  const header = headers.get(API_KEY_HEADER);
  if (header !== null) return header.trim();
  const authorization = headers.get(AUTHORIZATION_HEADER);
  if (authorization === null) return null;
  const bearer = BEARER.exec(authorization.trim());
  if (bearer) {
    const value = (bearer[1] ?? "").trim();
    return anyBearer || value.startsWith("pk_") ? value : null;
  }
  // Another scheme (Basic…) on a route that takes keys is a key sent the wrong way.
  return anyBearer ? "" : null;
}

function invalidApiKey(): UnauthorizedError {
  return new UnauthorizedError(
    `The API key is missing, malformed, revoked or wrong. Send it as "Authorization: Bearer <key>" or "${API_KEY_HEADER}: <key>".`,
    API_ERROR_CODES.invalidApiKey,
  );
}

/** The key's owner, with the key marked as just used; throws the 401 for any key that is not live, the 403 for a suspended owner. */
export async function authenticateApiKey(key: string): Promise<KeyCaller> {
  if (!API_KEY_PATTERN.test(key)) throw invalidApiKey();
  // Looking up and marking "last used" is one statement.
  const rows = await db.$queryRaw<{ id: string; userId: string }[]>`
    UPDATE "api_keys" SET "lastUsedAt" = now() WHERE "hash" = ${hashApiKey(key)} RETURNING "id", "userId"`;
  const row = rows[0];
  if (!row) throw invalidApiKey();
  const user = await db.user.findUnique({ where: { id: row.userId } });
  if (!user || user.deletedAt) throw invalidApiKey();
  assertNotSuspended(user);
  return { user, apiKeyId: row.id };
}

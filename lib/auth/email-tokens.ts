// Single-use tokens for links sent by mail. Only their SHA-256 is stored, so a copy of the database
// opens no account; a token is used by one conditional update, so two clicks cannot both use it.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, type Prisma } from "@/lib/db";
import type { EmailTokenPurpose } from "@/lib/generated/prisma/client";

type Client = Prisma.TransactionClient | typeof db;

export function hashEmailToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token for the user; their earlier unused tokens for the same purpose stop working. */
export async function createEmailToken(userId: string, purpose: EmailTokenPurpose, lifetimeMs: number, client: Client = db): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.emailToken.deleteMany({ where: { userId, purpose, usedAt: null } });
  await client.emailToken.create({ data: { userId, purpose, tokenHash: hashEmailToken(token), expiresAt: new Date(Date.now() + lifetimeMs) } });
  return token;
}

/** Uses the token: its user's id, or null when it is unknown, used already or expired. */
export async function consumeEmailToken(token: string, purpose: EmailTokenPurpose, client: Client): Promise<string | null> {
  const tokenHash = hashEmailToken(token);
  const now = new Date();
  const { count } = await client.emailToken.updateMany({ where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (count !== 1) return null;
  const row = await client.emailToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
  return row.userId;
}

/** Whether the token could be used now, without using it. */
export async function findUsableEmailToken(token: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const row = await db.emailToken.findFirst({
    where: { tokenHash: hashEmailToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return row !== null;
}

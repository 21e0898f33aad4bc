// An account's ten recovery codes, for when its authenticator app is lost: random, easy to type
// (xxxxx-xxxxx from letters and digits that cannot be mistaken for one another), shown once, and
// kept only as SHA-256. Each works once: using one is a conditional UPDATE, so two requests with the
// same code cannot both pass.
import "server-only";
import { createHash, randomInt } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/i/l: 31 symbols, so ten of them carry about 49 bits.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const HALF_LENGTH = 5;

type Client = Prisma.TransactionClient | typeof db;

/** The form a code is compared in: lower case, without the hyphen or spaces a person may type. */
export function canonicalCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

function hashOf(canonical: string): string {
  return createHash("sha256").update(canonical).digest("hex");
}

function newRecoveryCode(): string {
  const half = () => Array.from({ length: HALF_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${half()}-${half()}`;
}

/** Replaces the account's recovery codes with ten new ones and returns them, the only time they are seen. */
export async function replaceRecoveryCodes(userId: string, client: Client): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await client.recoveryCode.deleteMany({ where: { userId } });
  await client.recoveryCode.createMany({ data: [...codes].map((code) => ({ userId, codeHash: hashOf(canonicalCode(code)) })) });
  return [...codes];
}

/** Marks the code used if it is one of the account's unused codes; false otherwise (or when another request used it first). */
export async function spendRecoveryCode(userId: string, canonical: string, usedAt: Date): Promise<boolean> {
  const { count } = await db.recoveryCode.updateMany({ where: { userId, codeHash: hashOf(canonical), usedAt: null }, data: { usedAt } });
  return count === 1;
}

export function recoveryCodesLeft(userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

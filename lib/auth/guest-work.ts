// A guest who signs in or signs up in the browser they worked in takes that work along: the files and
// operations stored under the browser's guest key (./guest-key.ts) become the account's, so a result
// made before signing up can be shared, used again and found on any of the account's devices, and is
// kept as long as the account's own results are. Only the key's own browser can do this, since the key
// lives in its signed cookie and nowhere else. Work another account already took, or another
// browser's, is never touched.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { RESULT_TTL_DAYS } from "@/lib/storage/retention";

type Client = Prisma.TransactionClient | typeof db;

export interface ClaimedWork {
  files: number;
  operations: number;
}

/** Gives the user every file and operation still stored under `guestKeyHash`; their key is dropped, as the account now owns them. */
export async function claimGuestWork(userId: string, guestKeyHash: string | null, client: Client = db): Promise<ClaimedWork> {
  if (!guestKeyHash) return { files: 0, operations: 0 };
  const files = await client.storedFile.updateMany({ where: { guestKeyHash, userId: null }, data: { userId, guestKeyHash: null } });
  // The key sits in the operation's recorded parameters (lib/imaging/operations.ts), found through an
  // index on it (migration 20261128200000_guest_work).
  const operations = await client.$queryRaw<Array<{ id: string }>>`
    UPDATE "operations" SET "userId" = ${userId}, "params" = "params" - 'guestKeyHash'
    WHERE "userId" IS NULL AND "params"->>'guestKeyHash' = ${guestKeyHash}
    RETURNING "id"`;
  // Their results now live as long as the account's (a selection mask stays a day's help for its edit).
  if (operations.length > 0) {
    await client.$executeRaw`
      UPDATE "stored_files" AS f SET "expiresAt" = f."createdAt" + make_interval(days => ${RESULT_TTL_DAYS}::int)
      FROM "operations" AS o
      WHERE o."resultFileId" = f."id" AND o."id" = ANY(${operations.map((operation) => operation.id)}) AND o."kind" <> 'segment'
        AND f."expiresAt" IS NOT NULL`;
  }
  return { files: files.count, operations: operations.length };
}

// The account an operator's action changes, locked until the action's transaction ends: two operators
// (or an operator and a sweep) never change one account at once, and a request that is starting work
// for it waits (lib/jobs/enqueue.ts reads the row FOR SHARE).
import "server-only";
import { NotFoundError } from "@/lib/errors";
import type { Prisma, User } from "@/lib/generated/prisma/client";

/** The account, locked FOR UPDATE; a 404 when there is none. A deleted account is returned as it is. */
export async function lockedAccount(tx: Prisma.TransactionClient, userId: string): Promise<User> {
  await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
  const user = await tx.user.findUnique({ where: { id: userId } });
  if (!user) throw new NotFoundError("There is no account with this id.", "user_not_found");
  return user;
}

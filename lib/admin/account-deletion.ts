// An operator's deletion of an account, through the deletion its owner would make (lib/account/delete.ts:
// the plan ended with its provider, open work canceled and refunded, the balance written off, the
// person's data stripped and then erased). Never one's own account nor another admin's: an admin's role
// is revoked first, from the command line. The audit row is written once the account is marked
// deleted, even when the erasure after it fails (a retry, or the scheduled cleanup, finishes that).
import "server-only";
import { deleteAccount } from "@/lib/account/delete";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { AccountAction } from "./account-access";
import { checkedReason } from "./reason";

export interface DeletionOutcome {
  userId: string;
  deleted: true;
  /** False when the account was deleted already (its erasure is finished if it had not been). */
  changed: boolean;
  message: string;
}

export async function deleteAccountAsOperator(request: AccountAction): Promise<DeletionOutcome> {
  const reason = checkedReason(request.reason);
  const user = await db.user.findUnique({ where: { id: request.userId } });
  if (!user) throw new NotFoundError("There is no account with this id.", "user_not_found");
  if (user.id === request.actor.id) throw new ConflictError("You cannot delete your own account from the console.", "cannot_delete_self");
  if (user.role === "admin") {
    throw new ConflictError("This account is an admin: revoke its admin role first (npm run admin -- revoke), then delete it.", "cannot_delete_admin");
  }
  if (user.deletedAt) {
    if (!user.erasedAt) await deleteAccount(user);
    return { userId: user.id, deleted: true, changed: false, message: "This account was deleted already; nothing else was changed." };
  }
  // No address or name: the audit row outlives the erasure of what identified the person.
  const before = { tier: user.tier, credits: user.credits, deleted: false };
  try {
    await deleteAccount(user);
  } finally {
    const marked = await db.user.findUnique({ where: { id: user.id }, select: { deletedAt: true } });
    if (marked?.deletedAt) {
      await recordAudit(db, {
        actor: { type: "admin", id: request.actor.id },
        action: "user.delete",
        target: { type: "user", id: user.id },
        reason,
        before,
        after: { deleted: true, deletedAt: marked.deletedAt.toISOString() },
        address: request.address,
      });
    }
  }
  return { userId: user.id, deleted: true, changed: true, message: "The account is deleted." };
}

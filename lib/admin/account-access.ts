// The console's actions on how an account gets in: ending every session at once, revoking one API
// key, and sending the address-verification mail again. Each goes through the account's own path
// (lib/auth/sessions.ts, lib/api-keys/keys.ts, lib/auth/email-verification.ts) and writes one audit
// row; the session and key changes write it in their own transaction. A change that finds nothing to
// change writes none.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { resendVerification } from "@/lib/auth/email-verification";
import { endOtherSessions } from "@/lib/auth/sessions";
import { deleteApiKey } from "@/lib/api-keys/keys";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { lockedAccount } from "./locked-account";
import { checkedReason } from "./reason";

export interface AccountAction {
  actor: { id: string };
  userId: string;
  reason: string;
  address: string | null;
}

/** Signs the account out everywhere: every session row goes, so every cookie stops working at once. */
export async function endAllSessions(request: AccountAction): Promise<{ sessionsEnded: number; message: string }> {
  const reason = checkedReason(request.reason);
  return db.$transaction(async (tx) => {
    const user = await lockedAccount(tx, request.userId);
    const ended = await endOtherSessions(user.id, null, tx);
    if (ended === 0) return { sessionsEnded: 0, message: "This account had no sessions; nothing was changed." };
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: "sessions.end",
      target: { type: "user", id: user.id },
      reason,
      before: { sessions: ended },
      after: { sessions: 0 },
      address: request.address,
    });
    return { sessionsEnded: ended, message: `${ended} session${ended === 1 ? "" : "s"} ended.` };
  });
}

/** Revokes one of the account's API keys; from now on it answers 401. */
export async function revokeAccountApiKey(request: AccountAction & { keyId: string }): Promise<{ keyId: string; revoked: true; message: string }> {
  const reason = checkedReason(request.reason);
  return db.$transaction(async (tx) => {
    const user = await lockedAccount(tx, request.userId);
    const key = await deleteApiKey(user.id, request.keyId, tx);
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: "api_key.revoke",
      target: { type: "user", id: user.id },
      reason,
      before: { keyId: key.id, name: key.name, prefix: key.prefix },
      after: { keyId: key.id, revoked: true },
      address: request.address,
    });
    return { keyId: key.id, revoked: true as const, message: `The API key ${key.prefix}… is revoked.` };
  });
}

/**
 * Sends the verification link again, as the account page's "send it again" does (its hourly allowance
 * included); the audit row is written once the mail has gone.
 */
export async function sendVerificationMailAgain(request: AccountAction & { origin: string }): Promise<{ sentTo: string; message: string }> {
  const reason = checkedReason(request.reason);
  const user = await db.user.findUnique({ where: { id: request.userId } });
  if (!user) throw new NotFoundError("There is no account with this id.", "user_not_found");
  if (user.deletedAt) throw new ConflictError("This account is deleted; it has no address to verify.", "account_deleted");
  await resendVerification(user, request.origin);
  await recordAudit(db, {
    actor: { type: "admin", id: request.actor.id },
    action: "verification_mail.send",
    target: { type: "user", id: user.id },
    reason,
    before: { emailVerified: false },
    after: { sentTo: user.email },
    address: request.address,
  });
  return { sentTo: user.email, message: `A new verification link was sent to ${user.email}.` };
}

// Who is an admin: only the command line (`npm run admin`) changes it, each change with its audit row
// in the same transaction. The last admin cannot be revoked, even by two revocations at once: each
// change takes a transaction-wide advisory lock on the role first.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import type { Prisma, UserRole } from "@/lib/generated/prisma/client";

/** The lock every change of role holds until its transaction ends. */
const ROLE_LOCK = 7_346_901;

export class RoleChangeRefused extends Error {}

export interface RoleChange {
  email: string;
  /** What was done, said as the command line says it. */
  outcome: string;
  changed: boolean;
}

async function lockRoles(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ROLE_LOCK})`;
}

async function accountOf(tx: Prisma.TransactionClient, email: string) {
  const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new RoleChangeRefused(`No account has the e-mail address ${email.trim()}.`);
  if (user.deletedAt) throw new RoleChangeRefused(`The account of ${user.email} was deleted.`);
  return user;
}

/** How each change reads on the command line, done or not needed. */
const WORDING = {
  admin: { action: "admin.grant", done: "is now an admin.", unneeded: "was already an admin; nothing changed." },
  user: { action: "admin.revoke", done: "is no longer an admin.", unneeded: "was not an admin; nothing changed." },
} as const;

/** Gives an account `role`, with its audit row; a revocation must leave an admin who can sign in. */
function changeRole(email: string, role: UserRole, operator: string | null): Promise<RoleChange> {
  return db.$transaction(async (tx) => {
    await lockRoles(tx);
    const user = await accountOf(tx, email);
    const wording = WORDING[role];
    if (user.role === role) return { email: user.email, outcome: `${user.email} ${wording.unneeded}`, changed: false };
    if (role === "user") {
      // A suspended admin cannot sign in: it does not count among the admins that remain.
      const remaining = await tx.user.count({ where: { role: "admin", deletedAt: null, suspendedAt: null, id: { not: user.id } } });
      if (remaining === 0) throw new RoleChangeRefused(`${user.email} is the last admin; grant another first.`);
    }
    await tx.user.update({ where: { id: user.id }, data: { role } });
    await recordAudit(tx, {
      actor: { type: "cli", id: operator },
      action: wording.action,
      target: { type: "user", id: user.id },
      before: { role: user.role },
      after: { role },
    });
    return { email: user.email, outcome: `${user.email} ${wording.done}`, changed: true };
  });
}

/** Makes an account an admin. `operator`: who ran the command (the system user's name). */
export const grantAdmin = (email: string, operator: string | null) => changeRole(email, "admin", operator);

/** Makes an admin an ordinary account again; never the last one who can sign in. */
export const revokeAdmin = (email: string, operator: string | null) => changeRole(email, "user", operator);

/** The admins, with when each became one (the latest grant in the audit log). */
export async function listAdmins(): Promise<Array<{ email: string; since: Date | null }>> {
  const admins = await db.user.findMany({ where: { role: "admin", deletedAt: null }, orderBy: { email: "asc" }, select: { id: true, email: true } });
  const grants = await db.auditLog.findMany({
    where: { action: "admin.grant", targetType: "user", targetId: { in: admins.map((admin) => admin.id) } },
    orderBy: { id: "desc" },
    select: { targetId: true, createdAt: true },
  });
  return admins.map((admin) => ({ email: admin.email, since: grants.find((grant) => grant.targetId === admin.id)?.createdAt ?? null }));
}

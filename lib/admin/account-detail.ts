// One account as the console shows it: who they are, their plan and balance, whether they are
// suspended, what they keep (gallery, API keys, sessions, webhooks) and the latest audit rows about
// them; and their ledger, newest first, a page at a time. A deleted account is still shown (its
// tombstone owns its ledger); an unknown id is a 404.
import "server-only";
import { presentAuditRows } from "./audit";
import { auditEntriesAbout } from "@/lib/audit/log";
import { displayName } from "@/lib/auth/users";
import { listTransactions } from "@/lib/credits/transactions";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { AdminAccountDetail, AdminLedgerRow } from "@/lib/validation/admin-actions";

const LIVE = ["incomplete", "active", "past_due"] as const;
const AUDIT_ROWS = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function accountOrNotFound(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new NotFoundError("There is no account with this id.", "user_not_found");
  return user;
}

/** The plan the account is on now (its newest live subscription), else the last one it had. */
async function latestSubscription(userId: string) {
  const live = await db.subscription.findFirst({
    where: { userId, status: { in: [...LIVE] } },
    orderBy: { createdAt: "desc" },
    include: { plan: true },
  });
  return live ?? db.subscription.findFirst({ where: { userId }, orderBy: { createdAt: "desc" }, include: { plan: true } });
}

export async function accountDetail(userId: string): Promise<AdminAccountDetail> {
  const user = await accountOrNotFound(userId);
  const [subscription, galleryCount, apiKeys, sessions, webhooks, audit, grantablePlans] = await Promise.all([
    latestSubscription(userId),
    db.savedImage.count({ where: { userId } }),
    db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] }),
    db.authSession.findMany({ where: { userId, expiresAt: { gt: new Date() } }, orderBy: { lastActiveAt: "desc" } }),
    db.webhookEndpoint.findMany({ where: { userId }, orderBy: { createdAt: "desc" } }),
    auditEntriesAbout("user", userId, { take: AUDIT_ROWS }),
    db.plan.findMany({
      where: { kind: "subscription", active: true },
      orderBy: { sortOrder: "asc" },
      select: { id: true, name: true, tier: true, credits: true },
    }),
  ]);
  return {
    profile: {
      id: user.id,
      email: user.email,
      name: displayName(user),
      locale: user.locale,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      deletedAt: iso(user.deletedAt),
      twoFactor: user.totpEnabledAt !== null,
    },
    plan: {
      tier: user.tier,
      credits: user.credits,
      subscription: subscription && {
        planId: subscription.planId,
        planName: subscription.plan.name,
        status: subscription.status,
        currentPeriodEnd: iso(subscription.currentPeriodEnd),
        provider: subscription.provider,
        granted: subscription.provider === "operator",
        canceledAt: iso(subscription.canceledAt),
      },
    },
    status: { suspended: user.suspendedAt !== null, suspendedAt: iso(user.suspendedAt), category: user.suspensionCategory, reason: user.suspensionReason },
    galleryCount,
    apiKeys: apiKeys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: iso(key.lastUsedAt),
      revokedAt: null,
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastActiveAt.toISOString(),
      method: session.method,
      device: session.device,
      country: session.country,
    })),
    webhooks: webhooks.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      enabled: endpoint.disabledAt === null,
      disabled: endpoint.disabledAt !== null,
      disabledAt: iso(endpoint.disabledAt),
      consecutiveFailures: endpoint.consecutiveFailures,
      createdAt: endpoint.createdAt.toISOString(),
    })),
    audit: await presentAuditRows(audit),
    grantablePlans,
  };
}

/** The account's ledger, newest first; `cursor` is the last row's id of the page before. */
export async function accountLedger(userId: string, page: { cursor?: string; limit: number }): Promise<{ items: AdminLedgerRow[]; nextCursor: string | null }> {
  await accountOrNotFound(userId);
  const { transactions, nextCursor } = await listTransactions(userId, { cursor: page.cursor || undefined, limit: page.limit });
  return {
    items: transactions.map((row) => ({
      id: row.id,
      at: row.createdAt,
      kind: row.kind,
      operation: row.operation,
      delta: row.delta,
      balanceAfter: row.balanceAfter,
      note: row.note,
    })),
    nextCursor,
  };
}

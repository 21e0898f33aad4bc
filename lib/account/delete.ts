// Deleting an account, in steps that are each safe to repeat:
// 1. end any paid plan with its provider (nothing is deleted if that fails);
// 2. in one transaction: cancel every image operation still queued or running, each with its refund
//    (a worker still running one aborts, and its result loses to the cancel), then write the whole
//    balance off to the ledger, so the tombstone ends at 0 credits whatever the work was doing; mark
//    the user deleted and strip what identifies them — e-mail (replaced by deleted-{id}@invalid, so
//    the address can sign up afresh), name, password, picture, Stripe id, linked Google/Apple
//    accounts; from then on nobody can sign in to it and its sessions answer 401;
// 3. erase files, gallery, projects and operations' personal data (lib/account/erase.ts).
import "server-only";
import { providerNamed } from "@/lib/billing/provider";
import { db } from "@/lib/db";
import type { SessionClaims } from "@/lib/auth/session";
import { findSessionUser } from "@/lib/auth/sessions";
import { DomainError, UnauthorizedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { DeleteAccountInput } from "@/lib/validation/account";
import { withdrawCanceled } from "@/lib/jobs/cancel";
import { cancelOpenOperationsIn } from "@/lib/jobs/settle";
import { confirmAccountOwner } from "./confirm";
import { eraseAccountData, forfeitCredits } from "./erase";
import { logger } from "@/lib/observability/log";

const log = logger("account");

export class PlanNotCancelledError extends DomainError {
  constructor() {
    super(503, "plan_not_cancelled", "Your plan could not be cancelled right now, so nothing was deleted. Please try again in a few minutes.");
  }
}

export function anonymousEmail(userId: string): string {
  return `deleted-${userId}@invalid`;
}

function isAlreadyGone(error: unknown): boolean {
  const stripeError = error as { code?: string; statusCode?: number } | null;
  return stripeError?.code === "resource_missing" || stripeError?.statusCode === 404;
}

async function endPaidPlans(userId: string): Promise<void> {
  const live = await db.subscription.findMany({ where: { userId, status: { in: ["incomplete", "active", "past_due"] } } });
  for (const subscription of live) {
    const provider = providerNamed(subscription.provider);
    if (!provider) throw new PlanNotCancelledError();
    try {
      await provider.cancelSubscription(subscription.providerSubscriptionId);
    } catch (error) {
      if (!isAlreadyGone(error)) {
        log.error({ err: error, subscriptionId: subscription.providerSubscriptionId }, "could not cancel subscription");
        throw new PlanNotCancelledError();
      }
    }
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "canceled", canceledAt: subscription.canceledAt ?? new Date() } });
  }
}

async function markDeleted(userId: string) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
    if ((await tx.user.findUniqueOrThrow({ where: { id: userId } })).deletedAt) return [];
    // Refunds first, on the locked row: the write-off below then takes them with the rest.
    const canceled = await cancelOpenOperationsIn(tx, userId);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    await forfeitCredits(tx, userId, user.credits, `account-deleted:${userId}`);
    await tx.account.deleteMany({ where: { userId } });
    // Signed out everywhere at once; pending verification and reset links die with the address.
    await tx.authSession.deleteMany({ where: { userId } });
    await tx.emailToken.deleteMany({ where: { userId } });
    // Webhooks stop with the account: endpoints go, and their deliveries (queued ones too) with them.
    await tx.webhookEndpoint.deleteMany({ where: { userId } });
    // Failed sign-in counters are keyed by address and e-mail.
    await tx.rateLimitBucket.deleteMany({ where: { key: { endsWith: `:${user.email}` } } });
    await tx.user.update({
      where: { id: userId },
      data: {
        email: anonymousEmail(userId),
        passwordHash: null,
        firstName: "",
        lastName: "",
        image: null,
        stripeCustomerId: null,
        emailVerifiedAt: null,
        tier: "free",
        deletedAt: new Date(),
      },
    });
    return canceled;
  });
}

export async function deleteAccount(user: User): Promise<void> {
  if (!user.deletedAt) {
    await endPaidPlans(user.id);
    await withdrawCanceled(await markDeleted(user.id));
  }
  await eraseAccountData(user.id);
}

/**
 * DELETE /api/account for the request's session. A session of an account already marked deleted is
 * a retry of a deletion that was confirmed but did not finish: it finishes the erasure.
 */
export async function deleteAccountOfSession(session: SessionClaims | null, input: DeleteAccountInput, ip: string): Promise<void> {
  const user = session ? await db.user.findUnique({ where: { id: session.userId } }) : null;
  if (!user || !session || user.erasedAt) throw new UnauthorizedError();
  // Before the mark, only a live session may ask: a cookie copied before its sign-out may not.
  if (!user.deletedAt && !(await findSessionUser(session.sessionId, session.userId))) throw new UnauthorizedError();
  if (!user.deletedAt) await confirmAccountOwner(user, { password: input.password, signedInAt: session.signedInAt, ip });
  await deleteAccount(user);
}

// Confirms a sandbox payment with a card form's values. It declines Stripe's well-known decline test
// numbers the way Stripe would, so the failure path can be tried too; any other valid card "pays".
// A secret is checked against the account as it is now, not as it was when the payment started:
// it is used once, expires, and buys only what the user may still buy.
import "server-only";
import { db } from "@/lib/db";
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { applyBillingEvent, type EventOutcome } from "./events";
import { cancelReplaced } from "./replace";
import { upgradeTiersFor } from "./plans";
import { readSandboxClientSecret, type SandboxPayment } from "./sandbox-provider";

const DECLINES: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
};

export class CardDeclinedError extends DomainError {
  constructor(message: string) {
    super(402, "card_declined", message);
  }
}

function monthFromNow(): Date {
  const date = new Date();
  date.setMonth(date.getMonth() + 1);
  return date;
}

const stalePayment = () => new ConflictError("This payment can no longer be completed. Please start again.", "payment_stale");

/** Refuses a payment that is used, expired, or no longer something this account may buy. */
async function assertStillPayable(user: User, payment: SandboxPayment): Promise<void> {
  if (Date.now() > payment.expiresAt) throw new DomainError(410, "payment_expired", "This payment has expired. Please start again.");
  if (payment.kind === "pack") {
    if (await db.processedWebhookEvent.findUnique({ where: { id: `sandbox:${payment.id}` } })) throw stalePayment();
    const pack = await db.plan.findUnique({ where: { id: payment.planId } });
    if (!pack || pack.tier !== user.tier) throw new ForbiddenError("Extra credit packs are for Pro members.", "pro_only");
    return;
  }
  const subscription = await db.subscription.findUnique({ where: { providerSubscriptionId: payment.id }, include: { plan: true } });
  if (!subscription || subscription.userId !== user.id || subscription.status !== "incomplete") throw stalePayment();
  if (!upgradeTiersFor(user.tier).includes(subscription.plan.tier)) throw stalePayment();
}

export async function confirmSandboxPayment(user: User, clientSecret: string, cardNumber: string): Promise<EventOutcome> {
  const payment = readSandboxClientSecret(clientSecret);
  if (!payment || payment.userId !== user.id) throw new NotFoundError("This payment was not found.", "payment_not_found");
  await assertStillPayable(user, payment);
  const decline = DECLINES[cardNumber];
  if (decline) throw new CardDeclinedError(decline);
  if (payment.kind === "pack") {
    return applyBillingEvent({
      type: "pack_paid",
      eventId: `sandbox:${payment.id}`,
      provider: "sandbox",
      userId: user.id,
      planId: payment.planId,
      paymentId: payment.id,
    });
  }
  const outcome = await applyBillingEvent({
    type: "subscription_paid",
    eventId: `sandbox:${payment.id}:first_invoice`,
    provider: "sandbox",
    providerSubscriptionId: payment.id,
    invoiceId: `in_${payment.id}_1`,
    periodEnd: monthFromNow(),
  });
  await cancelReplaced(outcome.replaced);
  return outcome;
}

// Confirms a sandbox payment with a card form's values. It declines Stripe's well-known decline test
// numbers the way Stripe would, so the failure path can be tried too; any other valid card "pays".
// A secret is checked against the account as it is now, not as it was when the payment started:
// it is used once, expires, and buys only what the user may still buy. What it "charges" is the plan's
// or pack's price at the confirmation, recorded on the ledger row as a real payment's amount is.
import "server-only";
import { db } from "@/lib/db";
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from "@/lib/errors";
import type { Plan, User } from "@/lib/generated/prisma/client";
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

/** Refuses a payment that is used, expired, or no longer something this account may buy; returns what it buys. */
async function payablePlan(user: User, payment: SandboxPayment): Promise<Plan> {
  if (Date.now() > payment.expiresAt) throw new DomainError(410, "payment_expired", "This payment has expired. Please start again.");
  if (payment.kind === "pack") {
    if (await db.processedWebhookEvent.findUnique({ where: { id: `sandbox:${payment.id}` } })) throw stalePayment();
    const pack = await db.plan.findUnique({ where: { id: payment.planId } });
    if (!pack || pack.tier !== user.tier) throw new ForbiddenError("Extra credit packs are for Pro members.", "pro_only");
    return pack;
  }
  const subscription = await db.subscription.findUnique({ where: { providerSubscriptionId: payment.id }, include: { plan: true } });
  if (!subscription || subscription.userId !== user.id || subscription.status !== "incomplete") throw stalePayment();
  if (!upgradeTiersFor(user.tier).includes(subscription.plan.tier)) throw stalePayment();
  return subscription.plan;
}

export async function confirmSandboxPayment(user: User, clientSecret: string, cardNumber: string): Promise<EventOutcome> {
  const payment = readSandboxClientSecret(clientSecret);
  if (!payment || payment.userId !== user.id) throw new NotFoundError("This payment was not found.", "payment_not_found");
  const plan = await payablePlan(user, payment);
  const decline = DECLINES[cardNumber];
  if (decline) throw new CardDeclinedError(decline);
  const paid = { amountCents: plan.priceCents, currency: plan.currency.toLowerCase() };
  if (payment.kind === "pack") {
    return applyBillingEvent({
      type: "pack_paid",
      eventId: `sandbox:${payment.id}`,
      provider: "sandbox",
      userId: user.id,
      planId: payment.planId,
      paymentId: payment.id,
      paid,
    });
  }
  const outcome = await applyBillingEvent({
    type: "subscription_paid",
    eventId: `sandbox:${payment.id}:first_invoice`,
    provider: "sandbox",
    providerSubscriptionId: payment.id,
    invoiceId: `in_${payment.id}_1`,
    periodEnd: monthFromNow(),
    paid,
  });
  await cancelReplaced(outcome.replaced);
  return outcome;
}

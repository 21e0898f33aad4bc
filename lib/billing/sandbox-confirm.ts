// Confirms a sandbox payment with a card form's values. It declines Stripe's well-known decline test
// numbers the way Stripe would, so the failure path can be tried too; any other valid card "pays".
import "server-only";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { applyBillingEvent, type EventOutcome } from "./events";
import { cancelReplaced } from "./replace";
import { readSandboxClientSecret } from "./sandbox-provider";

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

export async function confirmSandboxPayment(user: User, clientSecret: string, cardNumber: string): Promise<EventOutcome> {
  const payment = readSandboxClientSecret(clientSecret);
  if (!payment || payment.userId !== user.id) throw new NotFoundError("This payment was not found.", "payment_not_found");
  const decline = DECLINES[cardNumber];
  if (decline) throw new CardDeclinedError(decline);
  if (payment.kind === "pack") {
    return applyBillingEvent({ type: "pack_paid", eventId: `sandbox:${payment.id}`, provider: "sandbox", userId: user.id, planId: payment.planId, paymentId: payment.id });
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

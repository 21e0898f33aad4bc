// Stripe's webhook: verifies the signature over the raw body, turns the events Pictura cares about
// into billing events, and applies each once (by Stripe's event id).
import "server-only";
import type Stripe from "stripe";
import { isPaidAmount, type PaidAmount } from "@/lib/credits/grant";
import { BadRequestError, NotFoundError } from "@/lib/errors";
import { recordStripeEvent } from "@/lib/observability/metrics";
import { stripeConfig } from "./config";
import { applyBillingEvent, type BillingEvent, type EventOutcome } from "./events";
import { cancelReplaced } from "./replace";
import { stripeClient } from "./stripe-client";
import { CREDIT_PACK_METADATA_KIND } from "./stripe-provider";

/** Seconds an event's signed timestamp may differ from our clock, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signed timestamp as Stripe's library reads the header (its own parseHeader: comma-separated
 * `key=value` items, the last `t` wins), so the value checked here is the one the signature covers.
 */
function signedTimestamp(signature: string): number {
  let timestamp = -1;
  for (const item of signature.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = parseInt(value ?? "", 10);
  }
  return timestamp;
}

/**
 * Stripe's library only refuses timestamps too far in the past; one from the future (a signature
 * made for later replay, or a skewed clock) is refused here as well.
 */
function signedAtWithinTolerance(signature: string): boolean {
  const stamp = signedTimestamp(signature);
  return Number.isFinite(stamp) && stamp >= 0 && Math.abs(Date.now() / 1000 - stamp) <= WEBHOOK_TOLERANCE_SECONDS;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * What a payment charged, as Stripe reports it: an amount in the currency's smallest unit and the
 * currency in lower case (Stripe's own form, and the plans'). Stripe always sends both on a paid
 * invoice and a succeeded payment intent; an event without them is refused, not recorded as free.
 */
function paidAmount(amount: unknown, currency: unknown, what: string): PaidAmount {
  if (typeof amount === "number" && typeof currency === "string") {
    const paid = { amountCents: amount, currency: currency.toLowerCase() };
    if (isPaidAmount(paid)) return paid;
  }
  throw new BadRequestError(`The ${what} in this event has no valid amount and currency.`, "invalid_event");
}

function toBillingEvent(event: Stripe.Event): BillingEvent | null {
  const base = { eventId: event.id, provider: "stripe" as const };
  switch (event.type) {
    case "invoice.paid": {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId || !invoice.id) return null;
      const periodEnd = invoice.lines?.data[0]?.period?.end ?? invoice.period_end;
      // What the customer was charged for this invoice: after discounts, proration and any balance, tax included.
      const paid = paidAmount(invoice.amount_paid, invoice.currency, "invoice");
      return {
        ...base,
        type: "subscription_paid",
        providerSubscriptionId: subscriptionId,
        invoiceId: invoice.id,
        periodEnd: new Date(periodEnd * 1000),
        paid,
      };
    }
    case "invoice.payment_failed": {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { ...base, type: "subscription_payment_failed", providerSubscriptionId: subscriptionId } : null;
    }
    case "customer.subscription.deleted":
      return { ...base, type: "subscription_ended", providerSubscriptionId: event.data.object.id };
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      const { kind, userId, planId } = intent.metadata ?? {};
      if (kind !== CREDIT_PACK_METADATA_KIND || !userId || !planId) return null;
      const paid = paidAmount(intent.amount_received, intent.currency, "payment");
      return { ...base, type: "pack_paid", userId, planId, paymentId: intent.id, paid };
    }
    default:
      return null;
  }
}

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<EventOutcome & { type: string }> {
  const config = stripeConfig();
  if (!config?.webhookSecret) throw new NotFoundError("Stripe webhooks are not configured.", "webhook_not_configured");
  if (!signature) throw new BadRequestError("The Stripe-Signature header is missing.", "invalid_signature");
  let event: Stripe.Event;
  try {
    if (!signedAtWithinTolerance(signature)) throw new Error("timestamp outside the tolerance");
    event = stripeClient(config).webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    recordStripeEvent("unknown", "invalid_signature");
    throw new BadRequestError("The webhook signature is invalid.", "invalid_signature");
  }
  let billingEvent: BillingEvent | null;
  try {
    billingEvent = toBillingEvent(event);
  } catch (error) {
    recordStripeEvent("unknown", "failed");
    throw error;
  }
  if (!billingEvent) {
    recordStripeEvent("other", "ignored");
    return { type: event.type, applied: false, replaced: [] };
  }
  // Counted by what it means to us (a handful of kinds), not by Stripe's hundreds of event names.
  const outcome = await applyBillingEvent(billingEvent).catch((error: unknown) => {
    recordStripeEvent(billingEvent.type, "failed");
    throw error;
  });
  recordStripeEvent(billingEvent.type, outcome.applied ? "applied" : "unchanged");
  await cancelReplaced(outcome.replaced);
  return { type: event.type, ...outcome };
}

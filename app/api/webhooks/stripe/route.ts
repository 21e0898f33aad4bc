import { handleStripeWebhook } from "@/lib/billing/stripe-webhook";
import { JSON_BODY_LIMIT } from "@/lib/http/body";
import { route } from "@/lib/http/route";

// The body as Stripe sent it: its signature covers those exact bytes.
export const POST = route({ text: JSON_BODY_LIMIT, headers: ["stripe-signature"] }, async ({ text, headers }) => {
  const outcome = await handleStripeWebhook(text, headers["stripe-signature"] ?? null);
  return { received: true, type: outcome.type, applied: outcome.applied };
});

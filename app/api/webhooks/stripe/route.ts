import { handleStripeWebhook } from "@/lib/billing/stripe-webhook";
import { JSON_BODY_LIMIT } from "@/lib/http/body";
import { rawBody } from "@/lib/http/input";
import { route } from "@/lib/http/route";

// The body as Stripe sent it: its signature covers those exact bytes.
export const POST = route({ input: rawBody(JSON_BODY_LIMIT), headers: ["stripe-signature"] }, async ({ input, headers }) => {
  const outcome = await handleStripeWebhook(input, headers["stripe-signature"] ?? null);
  return { received: true, type: outcome.type, applied: outcome.applied };
});

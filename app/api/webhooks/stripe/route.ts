import { handleStripeWebhook } from "@/lib/billing/stripe-webhook";
import { route } from "@/lib/http/route";

export const POST = route({}, async ({ request }) => {
  const outcome = await handleStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
  return { received: true, type: outcome.type, applied: outcome.applied };
});

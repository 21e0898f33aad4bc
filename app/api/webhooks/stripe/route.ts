import { handleStripeWebhook } from "@/lib/billing/stripe-webhook";
import { JSON_BODY_LIMIT, readBodyText } from "@/lib/http/body";
import { route } from "@/lib/http/route";

export const POST = route({}, async ({ request }) => {
  const outcome = await handleStripeWebhook(await readBodyText(request, JSON_BODY_LIMIT), request.headers.get("stripe-signature"));
  return { received: true, type: outcome.type, applied: outcome.applied };
});

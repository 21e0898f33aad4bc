// POST /api/preview/reviewer {plan}: signs in as the preview's reviewer of that plan (404 outside a preview).
import { route } from "@/lib/http/route";
import { readReviewerChoice } from "@/lib/http/reviewer-request";
import { reviewerSignedIn } from "@/lib/http/session-answers";
import { assertPreview, signInAsReviewer } from "@/lib/preview/reviewer-sign-in";

export const POST = route({}, async ({ request, client }) => {
  assertPreview();
  const choice = await readReviewerChoice(request);
  const user = await signInAsReviewer(choice.plan, client.ip);
  return reviewerSignedIn(user, choice, { ...client.signIn, origin: client.origin });
});

// POST /api/preview/reviewer {plan}: signs in as the preview's reviewer of that plan (404 outside a preview).
import { clientIp } from "@/lib/auth/client-ip";
import { signInContext } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { readReviewerChoice } from "@/lib/preview/reviewer-request";
import { assertPreview, reviewerSignedIn, signInAsReviewer } from "@/lib/preview/reviewer-sign-in";

export const POST = route({}, async ({ request }) => {
  assertPreview();
  const choice = await readReviewerChoice(request);
  const user = await signInAsReviewer(choice.plan, clientIp(request));
  return reviewerSignedIn(user, choice, { ...signInContext(request.headers), origin: siteOrigin(request) });
});

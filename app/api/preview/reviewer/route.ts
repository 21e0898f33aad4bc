// POST /api/preview/reviewer {plan}: signs in as the preview's reviewer of that plan (404 outside a preview).
import { AUTH_FORM_BODY_LIMIT } from "@/lib/http/body";
import { rawBody } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { parseReviewerChoice } from "@/lib/http/reviewer-request";
import { reviewerSignedIn } from "@/lib/http/session-answers";
import { assertPreview, signInAsReviewer } from "@/lib/preview/reviewer-sign-in";

export const POST = route({ input: rawBody(AUTH_FORM_BODY_LIMIT), headers: ["content-type"] }, async ({ input, headers, client }) => {
  assertPreview();
  const choice = parseReviewerChoice(input, headers["content-type"] ?? "");
  const user = await signInAsReviewer(choice.plan, client.ip);
  return reviewerSignedIn(user, choice, { ...client.signIn, origin: client.origin });
});

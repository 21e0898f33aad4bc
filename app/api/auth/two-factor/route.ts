// POST /api/auth/two-factor {code}: the second step of a sign-in (password, Google, Apple or a reset
// link) for an account with two-step sign-in on; the challenge is the cookie the first step set.
import { completeChallenge } from "@/lib/auth/two-factor-challenge";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { secondStepSignedIn, twoFactorTokenOf } from "@/lib/http/session-answers";
import { secondStepSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(secondStepSchema), headers: ["cookie"] }, async ({ client, input, headers }) => {
  const { user, sessionId } = await completeChallenge(twoFactorTokenOf(headers.cookie ?? null), input.code, client.ip, client.signIn);
  return secondStepSignedIn(user, sessionId);
});

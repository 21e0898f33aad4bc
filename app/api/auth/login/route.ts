import { signInWithPassword } from "@/lib/auth/login";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { needsSecondFactor, startChallenge } from "@/lib/auth/two-factor-challenge";
import { signedInResponse, twoFactorRequiredResponse } from "@/lib/http/session-answers";
import { loginSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(loginSchema) }, async ({ client, input }) => {
  const user = await signInWithPassword({ ...input, ip: client.ip });
  // The password was right; an account with two-step sign-in gets a session only after its code.
  if (needsSecondFactor(user)) return twoFactorRequiredResponse(await startChallenge(user.id, "password"));
  return signedInResponse(user, "password", client.signIn);
});

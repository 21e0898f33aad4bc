import { resetPassword } from "@/lib/auth/password-reset";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { sessionResponse, twoFactorRequiredResponse } from "@/lib/http/session-answers";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(resetPasswordSchema) }, async ({ client, input }) => {
  const result = await resetPassword({ ...input, ip: client.ip, context: client.signIn });
  if (result.challenge !== undefined) return twoFactorRequiredResponse(result.challenge);
  return sessionResponse(result.user, result.sessionId);
});

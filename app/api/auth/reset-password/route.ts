import { resetPassword } from "@/lib/auth/password-reset";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { sessionResponse } from "@/lib/http/session-answers";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(resetPasswordSchema) }, async ({ client, input }) => {
  const { user, sessionId } = await resetPassword({ ...input, ip: client.ip, context: client.signIn });
  return sessionResponse(user, sessionId);
});

import { resetPassword } from "@/lib/auth/password-reset";
import { route } from "@/lib/http/route";
import { sessionResponse } from "@/lib/http/session-answers";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ body: resetPasswordSchema }, async ({ client, body }) => {
  const { user, sessionId } = await resetPassword({ ...body, ip: client.ip, context: client.signIn });
  return sessionResponse(user, sessionId);
});

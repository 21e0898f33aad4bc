import { requestPasswordReset } from "@/lib/auth/password-reset";
import { route } from "@/lib/http/route";
import { forgotPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ body: forgotPasswordSchema }, async ({ client, body }) => {
  await requestPasswordReset({ email: body.email, ip: client.ip, origin: client.origin });
  return { success: true };
});

import { requestPasswordReset } from "@/lib/auth/password-reset";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { forgotPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(forgotPasswordSchema) }, async ({ client, input }) => {
  await requestPasswordReset({ email: input.email, ip: client.ip, origin: client.origin });
  return { success: true };
});

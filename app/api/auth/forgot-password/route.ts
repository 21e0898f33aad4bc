import { clientIp } from "@/lib/auth/client-ip";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { forgotPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ body: forgotPasswordSchema }, async ({ request, body }) => {
  await requestPasswordReset({ email: body.email, ip: clientIp(request), origin: siteOrigin(request) });
  return { success: true };
});

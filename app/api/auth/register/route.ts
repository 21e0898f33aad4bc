import { clientIp } from "@/lib/auth/client-ip";
import { localeOfRequest } from "@/lib/auth/request-locale";
import { signedInResponse } from "@/lib/auth/respond";
import { signInContext } from "@/lib/auth/sessions";
import { signUpWithPassword } from "@/lib/auth/sign-up";
import { route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route({ body: registerSchema }, async ({ request, body }) => {
  const user = await signUpWithPassword(body, { ip: clientIp(request), locale: localeOfRequest(request.headers), origin: siteOrigin(request) });
  return signedInResponse(user, "password", signInContext(request.headers), 201);
});

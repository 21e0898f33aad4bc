import { clientIp } from "@/lib/auth/client-ip";
import { signInWithPassword } from "@/lib/auth/login";
import { signedInResponse } from "@/lib/auth/respond";
import { signInContext } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";
import { loginSchema } from "@/lib/validation/auth";

export const POST = route({ body: loginSchema }, async ({ request, body }) => {
  const user = await signInWithPassword({ ...body, ip: clientIp(request) });
  return signedInResponse(user, "password", signInContext(request.headers));
});

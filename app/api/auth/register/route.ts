import { signUpWithPassword } from "@/lib/auth/sign-up";
import { route } from "@/lib/http/route";
import { signedInResponse } from "@/lib/http/session-answers";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route({ body: registerSchema }, async ({ client, body }) => {
  const user = await signUpWithPassword(body, { ip: client.ip, locale: client.locale, origin: client.origin });
  return signedInResponse(user, "password", client.signIn, 201);
});

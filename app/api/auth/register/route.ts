import { signUpWithPassword } from "@/lib/auth/sign-up";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { signedInResponse } from "@/lib/http/session-answers";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(registerSchema) }, async ({ client, input }) => {
  const user = await signUpWithPassword(input, { ip: client.ip, locale: client.locale, origin: client.origin });
  return signedInResponse(user, "password", client.signIn, 201);
});

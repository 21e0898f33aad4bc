import { signInWithPassword } from "@/lib/auth/login";
import { route } from "@/lib/http/route";
import { signedInResponse } from "@/lib/http/session-answers";
import { loginSchema } from "@/lib/validation/auth";

export const POST = route({ body: loginSchema }, async ({ client, body }) => {
  const user = await signInWithPassword({ ...body, ip: client.ip });
  return signedInResponse(user, "password", client.signIn);
});

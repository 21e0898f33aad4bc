import { signInWithPassword } from "@/lib/auth/login";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { signedInResponse } from "@/lib/http/session-answers";
import { loginSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(loginSchema) }, async ({ client, input }) => {
  const user = await signInWithPassword({ ...input, ip: client.ip });
  return signedInResponse(user, "password", client.signIn);
});

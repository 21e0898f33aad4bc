import { changePassword } from "@/lib/auth/password-change";
import { route } from "@/lib/http/route";
import { changePasswordSchema } from "@/lib/validation/auth";

export const POST = route({ body: changePasswordSchema, auth: "user" }, async ({ client, body, user, sessionId }) => ({
  success: true,
  endedSessions: await changePassword(user, sessionId!, body, client.ip),
}));

import { changePassword } from "@/lib/auth/password-change";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { changePasswordSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(changePasswordSchema), auth: "session" }, async ({ client, input, user, sessionId }) => ({
  success: true,
  endedSessions: await changePassword(user, sessionId!, input, client.ip),
}));

import { resendVerification } from "@/lib/auth/email-verification";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "session" }, async ({ client, user }) => {
  await resendVerification(user, client.origin);
  return { success: true };
});

import { resendVerification } from "@/lib/auth/email-verification";
import { route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  await resendVerification(user, siteOrigin(request));
  return { success: true };
});

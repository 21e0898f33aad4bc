import { NextResponse } from "next/server";
import { clientIp } from "@/lib/auth/client-ip";
import { resetPassword } from "@/lib/auth/password-reset";
import { withSessionCookie } from "@/lib/auth/respond";
import { signInContext } from "@/lib/auth/sessions";
import { toPublicUser } from "@/lib/auth/users";
import { route } from "@/lib/http/route";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({ body: resetPasswordSchema }, async ({ request, body }) => {
  const { user, sessionId } = await resetPassword({ ...body, ip: clientIp(request), context: signInContext(request.headers) });
  return withSessionCookie(NextResponse.json(toPublicUser(user)), user, sessionId);
});

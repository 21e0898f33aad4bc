import { deleteAccountOfSession } from "@/lib/account/delete";
import { accountSummary } from "@/lib/account/summary";
import { clientIp } from "@/lib/auth/client-ip";
import { signedOutResponse } from "@/lib/auth/respond";
import { readSessionClaims } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { deleteAccountSchema } from "@/lib/validation/account";

export const GET = route({ auth: "user" }, async ({ user, request }) => accountSummary(user, (await readSessionClaims(request))?.signedInAt ?? null));

export const DELETE = route({ body: deleteAccountSchema }, async ({ request, body }) => {
  await deleteAccountOfSession(await readSessionClaims(request), body, clientIp(request));
  return signedOutResponse();
});

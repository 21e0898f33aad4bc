import { deleteAccountOfSession } from "@/lib/account/delete";
import { accountSummary } from "@/lib/account/summary";
import { route } from "@/lib/http/route";
import { signedOutResponse } from "@/lib/http/session-answers";
import { deleteAccountSchema } from "@/lib/validation/account";

export const GET = route({ auth: "user" }, ({ user, session }) => accountSummary(user, session?.signedInAt ?? null));

export const DELETE = route({ body: deleteAccountSchema, auth: "optional" }, async ({ client, body, session }) => {
  await deleteAccountOfSession(session, body, client.ip);
  return signedOutResponse();
});

import { deleteAccountOfSession } from "@/lib/account/delete";
import { accountSummary } from "@/lib/account/summary";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { signedOutResponse } from "@/lib/http/session-answers";
import { deleteAccountSchema } from "@/lib/validation/account";

export const GET = route({ auth: "session" }, ({ user, session }) => accountSummary(user, session?.signedInAt ?? null));

export const DELETE = route({ input: json(deleteAccountSchema), auth: "guest" }, async ({ client, input, session }) => {
  await deleteAccountOfSession(session, input, client.ip);
  return signedOutResponse();
});

import { signedOutResponse } from "@/lib/http/session-answers";
import { endSession } from "@/lib/auth/sessions";
import { NotFoundError } from "@/lib/errors";
import { route } from "@/lib/http/route";

export const DELETE = route<undefined, "session", { id: string }>({ auth: "session" }, async ({ user, sessionId, params }) => {
  if (!(await endSession(user.id, params.id))) throw new NotFoundError("This session has already ended.", "session_not_found");
  // Ending the session this browser is using signs it out.
  return params.id === sessionId ? signedOutResponse() : { success: true };
});

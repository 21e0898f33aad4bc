import { endSession } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";
import { signedOutResponse } from "@/lib/http/session-answers";

// Ends the session the cookie names, even one whose account is gone, and clears the cookie either way.
export const POST = route({ auth: "guest" }, async ({ session }) => {
  if (session) await endSession(session.userId, session.sessionId);
  return signedOutResponse();
});

import { signedOutResponse } from "@/lib/auth/respond";
import { readSessionClaims } from "@/lib/auth/session";
import { endSession } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";

export const POST = route({}, async ({ request }) => {
  const claims = await readSessionClaims(request);
  if (claims) await endSession(claims.userId, claims.sessionId);
  return signedOutResponse();
});

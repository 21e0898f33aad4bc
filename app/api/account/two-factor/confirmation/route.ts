// POST /api/account/two-factor/confirmation {code}: the app's first code turns two-step sign-in on;
// the answer holds the ten recovery codes, shown this once.
import { markSecondFactorPassed } from "@/lib/auth/sessions";
import { confirmEnrolment } from "@/lib/auth/two-factor";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { confirmTwoFactorSchema } from "@/lib/validation/two-factor";

export const POST = route({ auth: "session", input: json(confirmTwoFactorSchema) }, async ({ user, sessionId, input, client }) => {
  const recoveryCodes = await confirmEnrolment(user, input.code, client.ip);
  // This session has just given a code: it counts as one that passed a second factor.
  if (sessionId) await markSecondFactorPassed(sessionId);
  return Response.json({ recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
});

// POST /api/account/two-factor/confirmation {code}: the app's first code turns two-step sign-in on;
// the answer holds the ten recovery codes, shown this once.
import { confirmEnrolment } from "@/lib/auth/two-factor";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { confirmTwoFactorSchema } from "@/lib/validation/two-factor";

export const POST = route({ auth: "session", input: json(confirmTwoFactorSchema) }, async ({ user, input, client }) =>
  Response.json({ recoveryCodes: await confirmEnrolment(user, input.code, client.ip) }, { headers: { "Cache-Control": "no-store" } }),
);

// POST /api/account/two-factor/recovery-codes {code}: ten new recovery codes in place of the old ones,
// shown this once.
import { regenerateRecoveryCodes } from "@/lib/auth/two-factor";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { regenerateRecoveryCodesSchema } from "@/lib/validation/two-factor";

export const POST = route({ auth: "session", input: json(regenerateRecoveryCodesSchema) }, async ({ user, input, client }) =>
  Response.json({ recoveryCodes: await regenerateRecoveryCodes(user, input.code, client.ip) }, { headers: { "Cache-Control": "no-store" } }),
);

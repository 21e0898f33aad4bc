// GET /api/account/two-factor: whether two-step sign-in is on and how many recovery codes are left.
// DELETE {password?, code}: turns it off, with the password (accounts that have one) and a code.
import { disableTwoFactor, twoFactorStatus } from "@/lib/auth/two-factor";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { disableTwoFactorSchema } from "@/lib/validation/two-factor";

export const GET = route({ auth: "session" }, ({ user }) => twoFactorStatus(user));

export const DELETE = route({ auth: "session", input: json(disableTwoFactorSchema) }, async ({ user, input, client }) => {
  await disableTwoFactor(user, input, client.ip);
  return twoFactorStatus(user);
});

// POST /api/account/two-factor/enrolment: a new secret for an authenticator app (as text, an
// otpauth:// address and a QR code); two-step sign-in turns on once its first code is confirmed.
import { startEnrolment } from "@/lib/auth/two-factor";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "session" }, async ({ user }) =>
  Response.json(await startEnrolment(user), { status: 201, headers: { "Cache-Control": "no-store" } }),
);

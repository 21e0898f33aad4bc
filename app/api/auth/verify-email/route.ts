import { verifyEmail } from "@/lib/auth/email-verification";
import { toPublicUser } from "@/lib/auth/users";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { verifyEmailSchema } from "@/lib/validation/auth";

export const POST = route({ input: json(verifyEmailSchema) }, async ({ input }) => ({
  verified: true,
  email: toPublicUser(await verifyEmail(input.token)).email,
}));

import { verifyEmail } from "@/lib/auth/email-verification";
import { toPublicUser } from "@/lib/auth/users";
import { route } from "@/lib/http/route";
import { verifyEmailSchema } from "@/lib/validation/auth";

export const POST = route({ body: verifyEmailSchema }, async ({ body }) => ({ verified: true, email: toPublicUser(await verifyEmail(body.token)).email }));

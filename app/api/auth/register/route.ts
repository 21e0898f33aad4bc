import { clientIp } from "@/lib/auth/client-ip";
import { signedInResponse } from "@/lib/auth/respond";
import { signUpWithPassword } from "@/lib/auth/sign-up";
import { route } from "@/lib/http/route";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route({ body: registerSchema }, async ({ request, body }) => signedInResponse(await signUpWithPassword(body, clientIp(request)), 201));

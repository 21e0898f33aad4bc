import { signedInResponse } from "@/lib/auth/respond";
import { registerUser } from "@/lib/auth/users";
import { route } from "@/lib/http/route";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route({ body: registerSchema }, async ({ body }) => signedInResponse(await registerUser(body), 201));

import { signedOutResponse } from "@/lib/auth/respond";
import { route } from "@/lib/http/route";

export const POST = route({}, () => signedOutResponse());

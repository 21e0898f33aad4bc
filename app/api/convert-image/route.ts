import { route } from "@/lib/http/route";
import { convertImage } from "@/lib/imaging/calls";
import { convertRequestSchema } from "@/lib/validation/imaging";

// Free, so guests may convert too.
export const POST = route({ auth: "optional", body: convertRequestSchema }, ({ user, request, body }) => convertImage(user, request, body));

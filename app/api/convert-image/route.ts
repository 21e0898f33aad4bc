import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { callContract } from "@/lib/api/contracts";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { convertImage } from "@/lib/imaging/calls";
import { convertRequestSchema } from "@/lib/validation/imaging";

// Free, so guests may convert too.
export const POST = route(
  { auth: "guest", contract: callContract("/api/convert-image"), rateLimit: "image", input: json(convertRequestSchema, IMAGE_JSON_BODY_LIMIT) },
  ({ user, client, input }) => convertImage(user, client, input),
);

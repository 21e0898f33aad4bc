import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { convertImage } from "@/lib/imaging/calls";
import { convertRequestSchema } from "@/lib/validation/imaging";

// Free, so guests may convert too.
export const POST = route(
  { auth: "optional", contract: toolContract("fileConversion"), body: convertRequestSchema, maxBodyBytes: IMAGE_JSON_BODY_LIMIT },
  ({ user, client, body }) => convertImage(user, client, body),
);

import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { selectObject } from "@/lib/imaging/segment";
import { segmentRequestSchema } from "@/lib/validation/segment";

// Free for signed-in users; the image may be a data URL, so the body may be as large as one.
export const POST = route(
  { auth: "user", contract: toolContract("segment"), body: segmentRequestSchema, maxBodyBytes: IMAGE_JSON_BODY_LIMIT },
  ({ user, client, body }) => selectObject(user, client, body),
);

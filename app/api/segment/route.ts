import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { callContract } from "@/lib/api/contracts";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { selectObject } from "@/lib/imaging/segment";
import { segmentRequestSchema } from "@/lib/validation/segment";

// Free for signed-in users; the image may be a data URL, so the body may be as large as one.
export const POST = route(
  { auth: "session", contract: callContract("/api/segment"), rateLimit: "selection", input: json(segmentRequestSchema, IMAGE_JSON_BODY_LIMIT) },
  ({ user, client, input }) => selectObject(user, client, input),
);

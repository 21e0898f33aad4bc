import { callContract } from "@/lib/api/contracts";
import { upload } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { removeObject } from "@/lib/imaging/calls";

export const POST = route({ auth: "session", contract: callContract("/api/openai/object-removal"), rateLimit: "image", input: upload(2) }, ({ user, client }) =>
  removeObject(user, client),
);

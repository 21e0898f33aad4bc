import { callContract } from "@/lib/api/contracts";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { generateImage } from "@/lib/imaging/calls";
import { generateRequestSchema } from "@/lib/validation/imaging";

export const POST = route(
  { auth: "session", contract: callContract("/api/flux/generate"), rateLimit: "image", input: json(generateRequestSchema) },
  ({ user, client, input }) => generateImage(user, client, input),
);

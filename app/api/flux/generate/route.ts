import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { generateImage } from "@/lib/imaging/calls";
import { generateRequestSchema } from "@/lib/validation/imaging";

export const POST = route({ auth: "user", contract: toolContract("generate"), body: generateRequestSchema }, ({ user, client, body }) =>
  generateImage(user, client, body),
);

import { uploadFormLimit } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { removeObject } from "@/lib/imaging/calls";

export const POST = route({ auth: "user", contract: toolContract("objectRemoval"), bodyLimit: uploadFormLimit(2) }, ({ user, client }) =>
  removeObject(user, client),
);

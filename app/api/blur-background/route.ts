import { uploadOrJsonLimit } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { runPhotoTool } from "@/lib/imaging/fill-tool-calls";

export const POST = route({ auth: "user", contract: toolContract("blurBackground"), bodyLimit: uploadOrJsonLimit(1) }, ({ user, client }) =>
  runPhotoTool("blurBackground", user, client),
);

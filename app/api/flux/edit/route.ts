import { uploadOrJsonLimit } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { editImage } from "@/lib/imaging/calls";

// JSON from the editor ({prompt, imageUrl, width, height}); multipart from the tools (image, prompt, operation…).
export const POST = route({ auth: "user", contract: toolContract("edit"), bodyLimit: uploadOrJsonLimit(1) }, ({ user, client }) => editImage(user, client));

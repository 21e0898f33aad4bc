import { callContract } from "@/lib/api/contracts";
import { upload } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { editImage } from "@/lib/imaging/calls";

// JSON from the editor ({prompt, imageUrl, width, height}); multipart from the tools (image, prompt, operation…).
export const POST = route(
  { auth: "session", contract: callContract("/api/flux/edit"), rateLimit: "image", input: upload(1, { orJson: true }) },
  ({ user, client }) => editImage(user, client),
);

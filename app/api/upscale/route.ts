import { callContract } from "@/lib/api/contracts";
import { upload } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { upscaleImage } from "@/lib/imaging/upscale-call";

export const POST = route({ auth: "session", contract: callContract("/api/upscale"), rateLimit: "image", input: upload(1) }, ({ user, client }) =>
  upscaleImage(user, client),
);

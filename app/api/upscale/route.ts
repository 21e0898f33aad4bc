import { uploadFormLimit } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { upscaleImage } from "@/lib/imaging/upscale-call";

export const POST = route({ auth: "user", bodyLimit: uploadFormLimit(1) }, ({ user, client }) => upscaleImage(user, client));

import { uploadFormLimit } from "@/lib/http/body";
import { toolContract } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { upscaleImage } from "@/lib/imaging/upscale-call";

export const POST = route({ auth: "user", contract: toolContract("upscale"), bodyLimit: uploadFormLimit(1) }, ({ user, client }) => upscaleImage(user, client));

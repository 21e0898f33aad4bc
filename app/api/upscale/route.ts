import { route } from "@/lib/http/route";
import { upscaleImage } from "@/lib/imaging/upscale-call";

export const POST = route({ auth: "user" }, ({ user, request }) => upscaleImage(user, request));

import { uploadFormLimit } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { removeObject } from "@/lib/imaging/calls";

export const POST = route({ auth: "user", bodyLimit: uploadFormLimit(2) }, ({ user, client }) => removeObject(user, client));

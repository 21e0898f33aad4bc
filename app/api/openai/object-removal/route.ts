import { route } from "@/lib/http/route";
import { removeObject } from "@/lib/imaging/calls";

export const POST = route({ auth: "user" }, ({ user, request }) => removeObject(user, request));

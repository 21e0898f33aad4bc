import { route } from "@/lib/http/route";
import { blurBackground } from "@/lib/imaging/fill-tool-calls";

export const POST = route({ auth: "user" }, ({ user, request }) => blurBackground(user, request));

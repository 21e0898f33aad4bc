import { route } from "@/lib/http/route";
import { expandImage } from "@/lib/imaging/fill-tool-calls";

export const POST = route({ auth: "user" }, ({ user, request }) => expandImage(user, request));

import { route } from "@/lib/http/route";
import { makeProductPhoto } from "@/lib/imaging/fill-tool-calls";

export const POST = route({ auth: "user" }, ({ user, request }) => makeProductPhoto(user, request));

import { storageInfo } from "@/lib/gallery/saved-images";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user" }, ({ user }) => storageInfo(user));

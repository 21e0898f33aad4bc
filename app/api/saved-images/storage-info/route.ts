import { storageInfo } from "@/lib/gallery/saved-images";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session" }, ({ user }) => storageInfo(user));

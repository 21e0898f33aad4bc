import { deleteSavedImage } from "@/lib/gallery/saved-images";
import { route } from "@/lib/http/route";

export const DELETE = route<undefined, "session", { id: string }>({ auth: "session" }, async ({ user, params }) => {
  await deleteSavedImage(user, params.id);
  return { deleted: true };
});

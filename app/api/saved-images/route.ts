import { listSavedImages, saveImage } from "@/lib/gallery/saved-images";
import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { saveImageSchema } from "@/lib/validation/gallery";

export const GET = route({ auth: "session" }, ({ user }) => listSavedImages(user.id));

export const POST = route({ auth: "session", input: json(saveImageSchema, IMAGE_JSON_BODY_LIMIT) }, async ({ user, input, client }) => {
  const { deletedOldest, image } = await saveImage(user, input, client);
  return { deletedOldest, image };
});

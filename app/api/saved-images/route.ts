import { listSavedImages, saveImage } from "@/lib/gallery/saved-images";
import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { saveImageSchema } from "@/lib/validation/gallery";

export const GET = route({ auth: "user" }, ({ user }) => listSavedImages(user.id));

export const POST = route({ auth: "user", body: saveImageSchema, maxBodyBytes: IMAGE_JSON_BODY_LIMIT }, async ({ user, body, client }) => {
  const { deletedOldest, image } = await saveImage(user, body, client.fileOrigins);
  return { deletedOldest, image };
});

import { BadRequestError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { editImageFromForm, editImageFromJson } from "@/lib/imaging/calls";
import { editJsonRequestSchema } from "@/lib/validation/imaging";

// JSON from the editor ({prompt, imageUrl, width, height}); multipart from the tools (image, prompt, operation…).
export const POST = route({ auth: "user" }, async ({ user, request }) => {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return editImageFromForm(user, request);
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new BadRequestError("The request body must be valid JSON.", "invalid_json");
  }
  const parsed = editJsonRequestSchema.safeParse(json);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return editImageFromJson(user, request, parsed.data);
});

import { BadRequestError } from "@/lib/errors";
import { IMAGE_JSON_BODY_LIMIT, readJsonBody, uploadOrJsonLimit } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { assertNoNul } from "@/lib/http/text-rules";
import { editImageFromForm, editImageFromJson } from "@/lib/imaging/calls";
import { editJsonRequestSchema } from "@/lib/validation/imaging";

// JSON from the editor ({prompt, imageUrl, width, height}); multipart from the tools (image, prompt, operation…).
export const POST = route({ auth: "user", bodyLimit: uploadOrJsonLimit(1) }, async ({ user, request }) => {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return editImageFromForm(user, request);
  const json = await readJsonBody(request, IMAGE_JSON_BODY_LIMIT);
  assertNoNul(json, "request body");
  const parsed = editJsonRequestSchema.safeParse(json);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return editImageFromJson(user, request, parsed.data);
});

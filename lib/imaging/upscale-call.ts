// POST /api/upscale: an uploaded image made 2 or 4 times larger by the upscaling models. The result's
// size is known from the upload's header, so a result over the budget (every operation's, and the
// upscaler's own, lower one) is refused before any charge.
import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { upscaleFieldsSchema, type ImageResult } from "@/lib/validation/imaging";
import { assertUpscaleWithinBudget } from "./budgets";
import { answer, parseFields } from "./calls";
import type { AcceptedOperation, ImageCaller } from "./caller";
import { providerFor } from "./config";
import { readUploadedImage, TOOL_FORMATS } from "./input";
import { runImageOperation } from "./operations";

export async function upscaleImage(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  const form = await caller.readForm(1);
  const fields = parseFields(upscaleFieldsSchema, form);
  const image = await readUploadedImage(form, "image", TOOL_FORMATS);
  const output = { width: image.width * fields.scale, height: image.height * fields.scale };
  assertUpscaleWithinBudget(image, output, fields.quality);
  return runImageOperation(
    caller,
    {
      userId: user.id,
      kind: "upscale",
      charge: "upscale",
      provider: providerFor("upscale"),
      inputs: [{ upload: image }],
      params: { scale: fields.scale, upscaleQuality: fields.quality, width: output.width, height: output.height },
    },
    answer,
  );
}

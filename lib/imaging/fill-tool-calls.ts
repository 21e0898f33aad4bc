// The photo tools' calls (expand, background blur, product photo): one image and a few settings, read
// from JSON (`image` a data URL or one of the user's files) or from a multipart form (an `image`
// file), checked in full — settings, image, the size of the result — before anything is charged.
// The work runs in a worker like every other image operation, and `Prefer: respond-async` applies.
import "server-only";
import type { z } from "zod";
import { OPERATION_CHARGES } from "@/lib/credits/costs";
import { BadRequestError } from "@/lib/errors";
import type { OperationKind, User } from "@/lib/generated/prisma/client";
import { toolById, type ToolId } from "@/lib/tools/registry";
import { TOOL_SERVER_PARTS } from "@/lib/tools/server";
import type { ToolEntry } from "@/lib/tools/types";
import type { ImageResult } from "@/lib/validation/imaging";
import { assertWithinBudget } from "./budgets";
import { answer, imageFromReference, parseFields, type ReferencedImage } from "./calls";
import type { AcceptedOperation, ImageCaller } from "./caller";
import { providerFor } from "./config";
import { readUploadedImage, TOOL_FORMATS } from "./input";
import { runImageOperation } from "./operations";
import type { EngineOperation } from "./types";

interface ToolRequest<Fields> {
  image: ReferencedImage;
  fields: Fields;
}

/** The settings and the image of a tool call, whichever way it was sent. */
async function readToolRequest<Schema extends z.ZodType>(user: User, caller: ImageCaller, schema: Schema): Promise<ToolRequest<z.infer<Schema>>> {
  const sent = await caller.readSent(1);
  if ("form" in sent) {
    const fields = parseFields(schema, sent.form);
    const upload = await readUploadedImage(sent.form, "image", TOOL_FORMATS);
    return { image: { input: { upload }, width: upload.width, height: upload.height, contentType: upload.contentType }, fields };
  }
  const { json } = sent;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  const reference = typeof json === "object" && json !== null ? (json as { image?: unknown }).image : undefined;
  if (typeof reference !== "string" || !reference) throw new BadRequestError("Please upload an image first.", "missing_image");
  const image = await imageFromReference(reference, user, caller, TOOL_FORMATS);
  if (!image.width || !image.height) throw new BadRequestError("The size of this image is not known; please upload it again.", "invalid_image");
  return { image, fields: parsed.data };
}

/**
 * A photo tool's call (expand, background blur, product photo…): its settings and photo are read and
 * checked, the result's size is held to the budgets, and its operation is started at the tool's own
 * price with the tool's provider (once its settings' check of it passes), answering as every image call
 * does. What the settings make of the call is the tool's entry in the registry's server part
 * (lib/tools/registry.server.ts).
 */
export async function runPhotoTool(id: ToolId, user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  const tool = toolById(id) as ToolEntry & { kind: OperationKind; engine: EngineOperation };
  const photo = TOOL_SERVER_PARTS[id]?.photo;
  if (!photo) throw new Error(`The tool "${id}" takes no photo call.`);
  const { image, fields } = await readToolRequest(user, caller, photo.fields);
  const run = photo.run(fields, image);
  assertWithinBudget([image], run.output, "png");
  const provider = providerFor(tool.engine);
  run.checkProvider?.(provider);
  return runImageOperation(
    caller,
    { userId: user.id, kind: tool.kind, charge: OPERATION_CHARGES[tool.kind], provider, prompt: run.prompt, params: run.params, inputs: [image.input] },
    answer,
  );
}

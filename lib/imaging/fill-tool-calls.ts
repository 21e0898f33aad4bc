// The expand, background blur and product photo calls: one image and a few settings, read
// from JSON (`image` a data URL or one of the user's files) or from a multipart form (an `image`
// file), checked in full — settings, image, the size of the result — before anything is charged.
// The work runs in a worker like every other image operation, and `Prefer: respond-async` applies.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import { OPERATION_CHARGES } from "@/lib/credits/costs";
import type { OperationKind, User } from "@/lib/generated/prisma/client";
import { toolById } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";
import type { ImageResult } from "@/lib/validation/imaging";
import {
  blurBackgroundFieldsSchema,
  expandFieldsSchema,
  productPhotoFieldsSchema,
  type ExpandFields,
  type ProductPhotoFields,
} from "@/lib/validation/fill-tools";
import type { z } from "zod";
import { assertWithinBudget, type Size } from "./budgets";
import { answer, imageFromReference, parseFields, type ReferencedImage } from "./calls";
import type { AcceptedOperation, ImageCaller } from "./caller";
import { providerFor } from "./config";
import { expandedSize, marginsForAspect } from "./expand-frame";
import { readUploadedImage, TOOL_FORMATS } from "./input";
import { runImageOperation, type OperationRequest } from "./operations";
import { PRODUCT_PRESETS, DEFAULT_PRODUCT_MARGIN } from "./product-presets";
import { FLUX_MAX_EXPAND_SIDE } from "./providers/flux";
import { limitImageRequests } from "@/lib/rate-limit/image-calls";
import type { EngineOperation, Margins, ProviderProfile } from "./types";

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
  const image = await imageFromReference(reference, user, caller.fileOrigins, TOOL_FORMATS);
  if (!image.width || !image.height) throw new BadRequestError("The size of this image is not known; please upload it again.", "invalid_image");
  return { image, fields: parsed.data };
}

/**
 * Starts a tool's operation on its one image: its kind, price and provider are the tool registry's
 * (lib/tools/registry.ts), and it answers as every image call does.
 */
function runToolOperation(
  caller: ImageCaller,
  user: User,
  image: ReferencedImage,
  tool: "expand" | "blurBackground" | "productPhoto",
  operation: Pick<OperationRequest, "prompt" | "params"> & { provider?: ProviderProfile },
): Promise<ImageResult | AcceptedOperation> {
  const { kind, engine } = toolById(tool) as ToolEntry & { kind: OperationKind; engine: EngineOperation };
  const provider = operation.provider ?? providerFor(engine);
  return runImageOperation(caller, { userId: user.id, kind, charge: OPERATION_CHARGES[kind], inputs: [image.input], ...operation, provider }, answer);
}

function marginsOf(fields: ExpandFields, size: Size): Margins {
  if (fields.aspect) {
    const margins = marginsForAspect(size, fields.aspect);
    if (margins.top + margins.bottom + margins.left + margins.right === 0) {
      throw new BadRequestError(`The image is already ${fields.aspect}; choose another frame.`, "already_this_aspect");
    }
    return margins;
  }
  return { top: fields.top ?? 0, right: fields.right ?? 0, bottom: fields.bottom ?? 0, left: fields.left ?? 0 };
}

export async function expandImage(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  await limitImageRequests(caller.ip, user);
  const { image, fields } = await readToolRequest(user, caller, expandFieldsSchema);
  const margins = marginsOf(fields, image);
  const output = expandedSize(image, margins);
  assertWithinBudget([image], output, "png");
  const provider = providerFor("expand");
  if (provider.id === "flux" && Math.max(margins.top, margins.right, margins.bottom, margins.left) > FLUX_MAX_EXPAND_SIDE) {
    throw new BadRequestError(`Flux adds at most ${FLUX_MAX_EXPAND_SIDE} pixels on a side. Choose a smaller frame.`, "expand_too_large");
  }
  return runToolOperation(caller, user, image, "expand", {
    provider,
    prompt: fields.prompt || null,
    params: { ...margins, ...(fields.aspect ? { aspect: fields.aspect } : {}), width: output.width, height: output.height },
  });
}

export async function blurBackground(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  await limitImageRequests(caller.ip, user);
  const { image, fields } = await readToolRequest(user, caller, blurBackgroundFieldsSchema);
  assertWithinBudget([image], image, "png");
  return runToolOperation(caller, user, image, "blurBackground", {
    params: { strength: fields.strength, width: image.width, height: image.height },
  });
}

/** The canvas, border and background a product photo request asks for, as the operation records them. */
function productSettings(fields: ProductPhotoFields) {
  const preset = fields.preset === "custom" ? null : PRODUCT_PRESETS[fields.preset];
  const width = preset?.width ?? fields.width!;
  const height = preset?.height ?? fields.height!;
  const margin = fields.margin ?? preset?.margin ?? DEFAULT_PRODUCT_MARGIN;
  const background =
    fields.background.startsWith("#") || fields.background === "white"
      ? { colour: fields.background === "white" ? "#ffffff" : fields.background }
      : { backdrop: fields.background };
  const placement = {
    ...(fields.offsetX ? { offsetX: fields.offsetX } : {}),
    ...(fields.offsetY ? { offsetY: fields.offsetY } : {}),
    ...(fields.scale !== undefined && fields.scale !== 1 ? { productScale: fields.scale } : {}),
  };
  return { preset: fields.preset, width, height, margin, shadow: fields.shadow, ...background, ...placement };
}

export async function makeProductPhoto(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  await limitImageRequests(caller.ip, user);
  const { image, fields } = await readToolRequest(user, caller, productPhotoFieldsSchema);
  const settings = productSettings(fields);
  assertWithinBudget([image], settings, "png");
  return runToolOperation(caller, user, image, "productPhoto", { params: settings });
}

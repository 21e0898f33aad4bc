// The image calls of spec §7, from a parsed request to a stored result. Everything a request can get
// wrong is checked here, before runImageOperation charges anything.
import "server-only";
import sharp from "sharp";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MB, readFormBody } from "@/lib/http/body";
import { assertNoNul } from "@/lib/http/text-rules";
import type { User } from "@/lib/generated/prisma/client";
import { requestOrigin, siteOrigin } from "@/lib/http/site-origin";
import { fileIdFromUrl, loadFile } from "@/lib/storage/files";
import type { z } from "zod";
import {
  convertRequestSchema,
  editFormFieldsSchema,
  editJsonRequestSchema,
  generateRequestSchema,
  objectRemovalFieldsSchema,
  type ImageResult,
} from "@/lib/validation/imaging";
import { assertWithinBudget } from "./budgets";
import { providerFor } from "./config";
import { assertBodySize, CONVERTER_FORMATS, MAX_UPLOAD_BYTES, parseDataUrl, readImage, readUploadedImage, TOOL_FORMATS, type InputFormat } from "./input";
import { LOCAL_EDIT_NAMES, localEditPlan } from "./local/edit";
import { runImageOperation, type OperationResult } from "./operations";
import { limitImageRequests } from "./rate-limit";
import type { AspectRatio, Background, ImageAsset, MaskStyle } from "./types";

const SIZES: Record<AspectRatio, { width: number; height: number }> = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 896, height: 1152 },
  landscape: { width: 1152, height: 896 },
};

function answer(result: OperationResult): ImageResult {
  return { result: { sample: result.url }, operationId: result.operationId, width: result.file.width ?? 0, height: result.file.height ?? 0 };
}

function parseFields<Schema extends z.ZodType>(schema: Schema, form: FormData): z.infer<Schema> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  assertNoNul(fields, "form");
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return parsed.data;
}

async function readForm(request: Request, files: number): Promise<FormData> {
  assertBodySize(request, files);
  try {
    // Counted while it streams in: a chunked body without Content-Length gets the same limit.
    return await readFormBody(request, files * MAX_UPLOAD_BYTES + MB, () => new PayloadTooLargeError("The image is larger than 10 MB.", "image_too_large"));
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw error;
    throw new BadRequestError("The request must be a multipart form with the image.", "invalid_request");
  }
}

/** An image named by a data URL or by one of our own file URLs; the server never fetches anything else. */
export async function imageFromReference(reference: string, user: User | null, request: Request, allowed: InputFormat[]): Promise<ImageAsset> {
  const data = parseDataUrl(reference);
  if (data) return readImage(data, allowed);
  const id = fileIdFromUrl(reference, [requestOrigin(request), siteOrigin(request)]);
  if (!id) throw new BadRequestError("imageUrl must be an uploaded image or a data URL.", "invalid_image_url");
  const { blob } = await loadFile(id, user?.id ?? null);
  return readImage(blob.body, allowed);
}

function assertLocalEditUnderstood(providerId: string, prompt: string): void {
  if (providerId === "local" && localEditPlan(prompt).length === 0) {
    throw new BadRequestError(
      `The offline engine can apply these edits: ${LOCAL_EDIT_NAMES.join(", ")}. Describe one of them, or set an AI provider key for free-form edits.`,
      "edit_not_understood",
    );
  }
}

export async function generateImage(user: User, request: Request, body: z.infer<typeof generateRequestSchema>): Promise<ImageResult> {
  await limitImageRequests(request, user);
  const provider = providerFor("generate");
  const size = SIZES[body.aspectRatio];
  assertWithinBudget([], size, "png");
  const result = await runImageOperation({
    user,
    kind: "generate",
    charge: "generate",
    provider,
    prompt: body.prompt,
    params: { aspectRatio: body.aspectRatio, ...size },
    work: (signal) => provider.generate!({ prompt: body.prompt, ...size }, signal),
  });
  return answer(result);
}

export async function editImageFromJson(user: User, request: Request, body: z.infer<typeof editJsonRequestSchema>): Promise<ImageResult> {
  const provider = providerFor("edit");
  assertLocalEditUnderstood(provider.id, body.prompt);
  await limitImageRequests(request, user);
  const image = await imageFromReference(body.imageUrl, user, request, TOOL_FORMATS);
  assertWithinBudget([image], image, "png");
  const result = await runImageOperation({
    user,
    kind: "edit",
    charge: "edit",
    provider,
    prompt: body.prompt,
    params: { width: image.width, height: image.height },
    inputs: [image],
    work: (signal) => provider.edit!({ image, prompt: body.prompt }, signal),
  });
  return answer(result);
}

export async function editImageFromForm(user: User, request: Request): Promise<ImageResult> {
  await limitImageRequests(request, user);
  const form = await readForm(request, 1);
  const fields = parseFields(editFormFieldsSchema, form);
  if (fields.operation === "edit") {
    const provider = providerFor("edit");
    assertLocalEditUnderstood(provider.id, fields.prompt);
    const image = await readUploadedImage(form, "image", TOOL_FORMATS);
    assertWithinBudget([image], image, "png");
    const result = await runImageOperation({
      user, kind: "edit", charge: "edit", provider, prompt: fields.prompt, inputs: [image],
      params: { width: image.width, height: image.height },
      work: (signal) => provider.edit!({ image, prompt: fields.prompt }, signal),
    });
    return answer(result);
  }
  const image = await readUploadedImage(form, "image", TOOL_FORMATS);
  assertWithinBudget([image], image, "png");
  if (fields.operation === "background_removal") {
    const provider = providerFor("removeBackground");
    const background: Background = fields.background && fields.background !== "none" ? { preset: fields.background } : fields.prompt ? { prompt: fields.prompt } : { preset: "none" };
    const result = await runImageOperation({
      user, kind: "background_removal", charge: "background_removal", provider, prompt: fields.prompt || null, inputs: [image],
      params: { background: "preset" in background ? background.preset : "custom" },
      work: (signal) => provider.removeBackground!({ image, background }, signal),
    });
    return answer(result);
  }
  const provider = providerFor("cartoonize");
  const style = fields.style ?? null;
  const result = await runImageOperation({
    user, kind: "cartoon_style", charge: "cartoon_style", provider, prompt: fields.prompt || null, inputs: [image],
    params: { style: style ?? "custom" },
    work: (signal) => provider.cartoonize!({ image, style, customStyle: style ? undefined : fields.prompt }, signal),
  });
  return answer(result);
}

/** The share of a mask's pixels marked for removal. */
async function maskCoverage(mask: ImageAsset, style: MaskStyle): Promise<number> {
  const { data } = await sharp(mask.buffer).flatten({ background: style === "black-on-white" ? "#ffffff" : "#000000" }).greyscale().raw().toBuffer({ resolveWithObject: true });
  let marked = 0;
  for (const value of data) if (style === "black-on-white" ? value < 128 : value >= 128) marked += 1;
  return marked / data.length;
}

export async function removeObject(user: User, request: Request): Promise<ImageResult> {
  await limitImageRequests(request, user);
  const form = await readForm(request, 2);
  const fields = parseFields(objectRemovalFieldsSchema, form);
  const image = await readUploadedImage(form, "image", TOOL_FORMATS);
  const mask = await readUploadedImage(form, "mask", ["png", "jpeg", "webp"]);
  assertWithinBudget([image, mask], image, "png");
  if ((await maskCoverage(mask, fields.maskStyle)) === 0) {
    throw new BadRequestError("Please upload an image and highlight the object to remove.", "empty_mask");
  }
  const provider = providerFor("removeObject");
  const result = await runImageOperation({
    user, kind: "object_removal", charge: "object_removal", provider, prompt: fields.prompt || null, inputs: [image, mask],
    params: { maskStyle: fields.maskStyle, width: image.width, height: image.height },
    work: (signal) => provider.removeObject!({ image, mask, maskStyle: fields.maskStyle, prompt: fields.prompt || undefined }, signal),
  });
  return answer(result);
}

export async function convertImage(user: User | null, request: Request, body: z.infer<typeof convertRequestSchema>): Promise<{ convertedImage: string; format: string; operationId: string }> {
  await limitImageRequests(request, user);
  const image = await imageFromReference(body.image, user, request, CONVERTER_FORMATS);
  assertWithinBudget([image], image, body.format);
  const provider = providerFor("convert");
  const result = await runImageOperation({
    user, kind: "convert", charge: null, provider,
    params: { format: body.format, quality: body.quality, from: image.contentType },
    work: (signal) => provider.convert!({ image, format: body.format, quality: body.quality }, signal),
  });
  return { convertedImage: result.url, format: body.format, operationId: result.operationId };
}

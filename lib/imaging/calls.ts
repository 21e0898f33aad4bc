// The image calls of spec §7, from a parsed request to a queued operation. Everything a request can
// get wrong is checked here, from headers alone, before anything is charged; the work itself runs in
// a worker (lib/jobs). Each call answers with its result, or 202 under `Prefer: respond-async`.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import { assertNoNul } from "@/lib/http/text-rules";
import type { ChargeableOperation } from "@/lib/credits/costs";
import type { OperationKind, User } from "@/lib/generated/prisma/client";
import { fileIdFromUrl, findVisibleFile } from "@/lib/storage/files";
import type { z } from "zod";
import {
  convertRequestSchema,
  editFormFieldsSchema,
  editJsonRequestSchema,
  generateRequestSchema,
  maskCallFieldsSchema,
  type GenerateResult,
  type ImageResult,
} from "@/lib/validation/imaging";
import { assertGuestWithinPixels, assertWithinBudget } from "./budgets";
import { generativeFillProvider, providerFor } from "./config";
import { CONVERTER_FORMATS, parseDataUrl, readImage, readUploadedImage, TOOL_FORMATS, type InputFormat } from "./input";
import { LOCAL_EDIT_NAMES, localEditPlan } from "./edit-words";
import { AcceptedOperation, type ImageCaller } from "./caller";
import { runImageOperation, startImageOperations, type OperationInput, type OperationRequest, type OperationResult } from "./operations";
import { awaitVariants } from "./variants";
import { EDIT_CALL, TOOLS, type ToolId } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";
import { kindOfEngine, TOOL_SERVER_PARTS } from "@/lib/tools/server";
import type { AspectRatio, EngineOperation } from "./types";

const SIZES: Record<AspectRatio, { width: number; height: number }> = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 896, height: 1152 },
  landscape: { width: 1152, height: 896 },
};

export function answer(result: OperationResult): ImageResult {
  return { result: { sample: result.url }, operationId: result.operationId, width: result.width, height: result.height };
}

export function parseFields<Schema extends z.ZodType>(schema: Schema, form: FormData): z.infer<Schema> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  assertNoNul(fields, "form");
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return parsed.data;
}

export interface ReferencedImage {
  input: OperationInput;
  width: number;
  height: number;
  contentType: string;
}

/**
 * An image named by a data URL or by one of our own file URLs the caller may read (a guest's file by
 * the browser that made it only); the server never fetches anything else.
 */
export async function imageFromReference(
  reference: string,
  user: User | null,
  caller: Pick<ImageCaller, "fileOrigins" | "guestKeyHash">,
  allowed: InputFormat[],
): Promise<ReferencedImage> {
  const data = parseDataUrl(reference);
  if (data) {
    const upload = await readImage(data, allowed);
    return { input: { upload }, width: upload.width, height: upload.height, contentType: upload.contentType };
  }
  const id = fileIdFromUrl(reference, caller.fileOrigins);
  if (!id) throw new BadRequestError("imageUrl must be an uploaded image or a data URL.", "invalid_image_url");
  // Our own files were checked when they were stored; their row says what they are.
  const file = await findVisibleFile(id, user?.id ?? null, caller.guestKeyHash);
  const format = file.contentType.replace("image/", "") as InputFormat;
  if (!allowed.includes(format)) throw new BadRequestError("The file is not a supported image.", "unsupported_image_type");
  return { input: { fileId: file.id }, width: file.width ?? 0, height: file.height ?? 0, contentType: file.contentType };
}

/** A signed-in user's tool operation, charged at its own kind's price and answered with its image. */
function runPaidOperation(
  caller: ImageCaller,
  user: User,
  operation: Pick<OperationRequest, "provider" | "prompt" | "inputs" | "params"> & { kind: OperationKind & ChargeableOperation },
): Promise<ImageResult | AcceptedOperation> {
  return runImageOperation(caller, { userId: user.id, charge: operation.kind, ...operation }, answer);
}

function assertLocalEditUnderstood(providerId: string, prompt: string): void {
  if (providerId === "local" && localEditPlan(prompt).length === 0) {
    throw new BadRequestError(
      `The offline engine can apply these edits: ${LOCAL_EDIT_NAMES.join(", ")}. Describe one of them, or set an AI provider key for free-form edits.`,
      "edit_not_understood",
    );
  }
}

/**
 * Generation of 1–4 variants, each its own operation, job and charge. Generation is for signed-in
 * users only (spec §7), so the guests' one-operation-in-flight rule never meets a request for several.
 */
export async function generateImage(user: User, caller: ImageCaller, body: z.infer<typeof generateRequestSchema>): Promise<GenerateResult | AcceptedOperation> {
  const provider = providerFor("generate");
  const size = SIZES[body.aspectRatio];
  assertWithinBudget([], size, "png");
  const operationIds = await startImageOperations(
    {
      userId: user.id,
      kind: "generate",
      charge: "generate",
      provider,
      prompt: body.prompt,
      params: { aspectRatio: body.aspectRatio, ...size },
      seed: body.seed,
    },
    body.count,
  );
  if (caller.prefersAsync) return new AcceptedOperation(operationIds[0]!, operationIds);
  return awaitVariants(operationIds);
}

/** The editor sends JSON ({prompt, imageUrl, width, height}); the tools a multipart form (image, prompt, operation…). */
export async function editImage(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  if (caller.sendsForm) return editImageFromForm(user, caller);
  const sent = await caller.readSent(1);
  const parsed = editJsonRequestSchema.safeParse("json" in sent ? sent.json : undefined);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "The request is not valid.", "invalid_request");
  return editImageFromJson(user, caller, parsed.data);
}

async function editImageFromJson(user: User, caller: ImageCaller, body: z.infer<typeof editJsonRequestSchema>): Promise<ImageResult | AcceptedOperation> {
  const provider = providerFor("edit");
  assertLocalEditUnderstood(provider.id, body.prompt);
  const image = await imageFromReference(body.imageUrl, user, caller, TOOL_FORMATS);
  assertWithinBudget([image], image, "png");
  return runPaidOperation(caller, user, {
    kind: "edit",
    provider,
    prompt: body.prompt,
    inputs: [image.input],
    params: { width: image.width, height: image.height },
  });
}

async function editImageFromForm(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  const form = await caller.readForm(1);
  const fields = parseFields(editFormFieldsSchema, form);
  if (fields.operation === "edit") {
    const provider = providerFor("edit");
    assertLocalEditUnderstood(provider.id, fields.prompt);
    const image = await readUploadedImage(form, "image", TOOL_FORMATS);
    assertWithinBudget([image], image, "png");
    return runPaidOperation(caller, user, {
      kind: "edit",
      provider,
      prompt: fields.prompt,
      inputs: [{ upload: image }],
      params: { width: image.width, height: image.height },
    });
  }
  // A tool that shares the call: its kind is the operation, its server part says what the fields make of it.
  const tool = (TOOLS as readonly ToolEntry[]).find((candidate) => candidate.call === EDIT_CALL && candidate.kind === fields.operation);
  const editForm = tool && TOOL_SERVER_PARTS[tool.id as ToolId]?.editForm;
  if (!tool?.engine || !editForm) throw new Error(`The edit call's operation "${fields.operation}" has no tool with an engine and an edit form.`);
  const problem = editForm.check?.(fields);
  if (problem) throw new BadRequestError(problem, "invalid_request");
  const image = await readUploadedImage(form, "image", TOOL_FORMATS);
  assertWithinBudget([image], image, "png");
  return runPaidOperation(caller, user, {
    kind: fields.operation,
    provider: providerFor(tool.engine as EngineOperation),
    prompt: fields.prompt || null,
    inputs: [{ upload: image }],
    params: editForm.params(fields),
  });
}

export async function removeObject(user: User, caller: ImageCaller): Promise<ImageResult | AcceptedOperation> {
  const form = await caller.readForm(2);
  const fields = parseFields(maskCallFieldsSchema, form);
  const image = await readUploadedImage(form, "image", TOOL_FORMATS);
  const mask = await readUploadedImage(form, "mask", ["png", "jpeg", "webp"]);
  assertWithinBudget([image, mask], image, "png");
  // "Replace with…" (generative fill) draws what is described; plain removal fills from the photo.
  const replace = fields.replaceWith !== "";
  return runPaidOperation(caller, user, {
    kind: kindOfEngine("removeObject"),
    provider: replace ? generativeFillProvider() : providerFor("removeObject"),
    prompt: (replace ? fields.replaceWith : fields.prompt) || null,
    inputs: [{ upload: image }, { upload: mask }],
    params: { maskStyle: fields.maskStyle, width: image.width, height: image.height, ...(replace ? { fill: "replace" } : {}) },
  });
}

export async function convertImage(
  user: User | null,
  caller: ImageCaller,
  body: z.infer<typeof convertRequestSchema>,
): Promise<{ convertedImage: string; format: string; operationId: string } | AcceptedOperation> {
  const image = await imageFromReference(body.image, user, caller, CONVERTER_FORMATS);
  if (!user) assertGuestWithinPixels(image);
  assertWithinBudget([image], image, body.format);
  const provider = providerFor("convert");
  return runImageOperation(
    caller,
    {
      userId: user?.id ?? null,
      kind: "convert",
      charge: null,
      provider,
      inputs: [image.input],
      params: { format: body.format, quality: body.quality, from: image.contentType },
      guestAddress: user ? null : caller.ip,
      // A guest's upload and result belong to this browser alone.
      guestKeyHash: user ? null : caller.claimGuestKey(),
    },
    (result) => ({ convertedImage: result.url, format: body.format, operationId: result.operationId }),
  );
}

// The work of one recorded operation, as a worker does it: its stored inputs are read back and fully
// decoded (a truncated upload is found here, not in the web tier), then its tool's engine function
// (lib/tools/registry.engine.ts) runs it with the recorded provider and parameters, once the content checks
// have let the prompt and the inputs through: OpenAI's (./moderation.ts), with a key, and the image
// check (lib/moderation/image.ts), which also scores the result before the worker stores it.
import "server-only";
import sharp from "sharp";
import { BadRequestError, DomainError } from "@/lib/errors";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { blobStore } from "@/lib/storage/store";
import { stagesOf } from "@/lib/tools/derive";
import { TOOL_ENGINES } from "@/lib/tools/registry.engine";
import { decodeBmp } from "@/lib/imaging/bmp";
import { remoteProvider } from "./clients";
import { assertContentAllowed } from "./moderation";
import { localProvider } from "@/lib/imaging/local/provider";
import { env } from "@/lib/env";
import { startImageCheck } from "@/lib/moderation/image";
import type { ImageAsset, ImageProvider } from "@/lib/imaging/types";
import type { OperationParams, PerformedOperation, ProgressReporter } from "./run";

export type { PerformedOperation, ProgressReporter } from "./run";

/** What the worker is doing, in words the screens translate: each tool's stage in the registry. */
export const STAGES = stagesOf() as Record<OperationKind, string>;

async function loadInput(fileId: string): Promise<ImageAsset> {
  const file = await db.storedFile.findUnique({ where: { id: fileId } });
  const blob = file && (await blobStore().get(file.storageKey));
  if (!file || !blob) throw new BadRequestError("The uploaded image is no longer available. Please upload it again.", "input_missing");
  return { buffer: blob.body, contentType: file.contentType, width: file.width ?? 0, height: file.height ?? 0 };
}

/** Decodes every pixel: the only way to find a truncated file. */
async function assertDecodable(asset: ImageAsset): Promise<void> {
  try {
    if (asset.contentType === "image/bmp") decodeBmp(asset.buffer);
    else await sharp(asset.buffer, { limitInputPixels: env().IMAGE_MAX_PIXELS, failOn: "truncated" }).stats();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new BadRequestError("The image file is damaged or incomplete.", "invalid_image");
  }
}

/** The provider an operation was recorded with, for the worker that runs it. */
function providerById(id: string): ImageProvider {
  const provider = id === "local" ? localProvider : remoteProvider(id);
  if (!provider) throw new Error(`The ${id} image provider is not configured on this worker`);
  return provider;
}

export async function performOperation(operation: Operation, signal: AbortSignal, onProgress?: ProgressReporter): Promise<PerformedOperation> {
  const params = (operation.params ?? {}) as OperationParams;
  const inputs = await Promise.all((params.inputFileIds ?? []).map(loadInput));
  for (const input of inputs) await assertDecodable(input);
  // A selection mask draws nothing new and is asked for at every click: it goes unchecked.
  if (operation.kind !== "segment") await assertContentAllowed(operation.prompt ?? "", inputs, signal);
  const check = startImageCheck(operation.kind);
  await check?.inputs(inputs, signal);
  const made = await TOOL_ENGINES[operation.kind]({
    operation,
    params,
    provider: providerById(operation.provider),
    inputs,
    image: () => {
      if (!inputs[0]) throw new Error(`Operation ${operation.id} has no input image`);
      return inputs[0];
    },
    prompt: operation.prompt ?? "",
    seed: operation.seed ?? undefined,
    signal,
    onProgress,
  });
  const performed = { ...made, source: inputs[0] };
  if (!check) return performed;
  await check.result(performed, signal);
  return { ...performed, contentReview: { scores: check.review, flagged: check.flagged } };
}

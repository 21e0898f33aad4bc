// The work of one recorded operation, as a worker does it: its stored inputs are read back and fully
// decoded (a truncated upload is found here, not in the web tier), then the recorded provider is
// called with the recorded parameters.
import "server-only";
import sharp from "sharp";
import { BadRequestError, DomainError } from "@/lib/errors";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { blobStore } from "@/lib/storage/store";
import { stagesOf } from "@/lib/tools/derive";
import { decodeBmp } from "@/lib/imaging/bmp";
import { remoteProvider } from "./clients";
import { localProvider } from "@/lib/imaging/local/provider";
import { segmentLocal, type SegmentPoint } from "@/lib/imaging/local/segment";
import { sharedEmbeddingCache } from "@/lib/imaging/segment-cache";
import { env } from "@/lib/env";
import {
  BACKGROUND_PRESETS,
  CARTOON_STYLES,
  OUTPUT_FORMATS,
  UPSCALE_QUALITIES,
  type Background,
  type BackgroundPreset,
  type CartoonStyle,
  type ImageAsset,
  type MaskStyle,
  type ImageProvider,
  type OutputFormat,
  PRODUCT_SHADOWS,
  type Margins,
  type ProductBackground,
  type ProductPhotoInput,
  type ProductShadow,
  type UpscaleQuality,
} from "@/lib/imaging/types";

export interface OperationParams {
  inputFileIds?: string[];
  width?: number;
  height?: number;
  background?: string;
  style?: string;
  maskStyle?: MaskStyle;
  format?: string;
  quality?: number;
  scale?: number;
  upscaleQuality?: string;
  points?: SegmentPoint[];
  /** Expand: the pixels added on each side. */
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  /** Background blur, 1–10. */
  strength?: number;
  /** Product photo: a flat #rrggbb colour or a backdrop scene, the shadow and the border (%). */
  colour?: string;
  backdrop?: string;
  shadow?: string;
  margin?: number;
  /** Product photo: the user's move (% of the canvas) and scale of the product. */
  offsetX?: number;
  offsetY?: number;
  productScale?: number;
  /** Object removal: "replace" fills the marked area with what the prompt describes. */
  fill?: string;
}

/** What an operation made: its image, and for some operations facts about it (a selection's score). */
export type PerformedOperation = ImageAsset & { details?: Record<string, number> };

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

/** The share of a mask's pixels marked for removal. */
export async function maskCoverage(mask: ImageAsset, style: MaskStyle): Promise<number> {
  const { data } = await sharp(mask.buffer)
    .flatten({ background: style === "black-on-white" ? "#ffffff" : "#000000" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let marked = 0;
  for (const value of data) if (style === "black-on-white" ? value < 128 : value >= 128) marked += 1;
  return marked / data.length;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reports the share of the work done (0–1) while a long operation runs. */
export type ProgressReporter = (done: number) => void;

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
  const provider = providerById(operation.provider);
  const prompt = operation.prompt ?? "";
  const seed = operation.seed ?? undefined;
  const [image, mask] = inputs;
  const needImage = (): ImageAsset => {
    if (!image) throw new Error(`Operation ${operation.id} has no input image`);
    return image;
  };
  switch (operation.kind) {
    case "generate":
      return provider.generate!({ prompt, width: params.width ?? 1024, height: params.height ?? 1024, seed }, signal);
    case "edit":
      return provider.edit!({ image: needImage(), prompt, seed }, signal);
    case "background_removal": {
      const preset = oneOf<BackgroundPreset>(BACKGROUND_PRESETS, params.background);
      const background: Background = preset ? { preset } : prompt ? { prompt } : { preset: "none" };
      return provider.removeBackground!({ image: needImage(), background, seed }, signal);
    }
    case "cartoon_style": {
      const style = oneOf<CartoonStyle>(CARTOON_STYLES, params.style);
      return provider.cartoonize!({ image: needImage(), style, customStyle: style ? undefined : prompt, seed }, signal);
    }
    case "object_removal": {
      const maskStyle = params.maskStyle ?? "black-on-white";
      if (!mask) throw new Error(`Operation ${operation.id} has no mask`);
      if ((await maskCoverage(mask, maskStyle)) === 0) {
        throw new BadRequestError("Please upload an image and highlight the object to remove.", "empty_mask");
      }
      return provider.removeObject!({ image: needImage(), mask, maskStyle, prompt: prompt || undefined, seed, onProgress }, signal);
    }
    case "convert": {
      const format = oneOf<OutputFormat>(OUTPUT_FORMATS, params.format);
      if (!format) throw new Error(`Operation ${operation.id} has no output format`);
      return provider.convert!({ image: needImage(), format, quality: params.quality ?? 90 }, signal);
    }
    case "upscale": {
      const quality = oneOf<UpscaleQuality>(UPSCALE_QUALITIES, params.upscaleQuality);
      const scale = params.scale === 2 || params.scale === 4 ? params.scale : null;
      if (!quality || !scale) throw new Error(`Operation ${operation.id} has no upscale settings`);
      // Providers without an upscaler (configured before they had one) hand it to the local engine.
      const upscale = provider.upscale ?? localProvider.upscale!;
      return upscale({ image: needImage(), scale, quality, onProgress }, signal);
    }
    case "segment": {
      // Always the local model, whichever provider the other operations use.
      const { mask, score } = await segmentLocal({ image: needImage(), points: params.points ?? [] }, sharedEmbeddingCache, signal);
      return { ...mask, details: { score } };
    }
    case "expand":
      return provider.expand!({ image: needImage(), margins: marginsOf(params), prompt: prompt || undefined, seed, onProgress }, signal);
    case "blur_background":
      return (provider.blurBackground ?? localProvider.blurBackground!)({ image: needImage(), strength: params.strength ?? 5, onProgress }, signal);
    case "product_photo":
      return (provider.productPhoto ?? localProvider.productPhoto!)(productSettings(operation.id, needImage(), params), signal);
  }
}

function marginsOf(params: OperationParams): Margins {
  const side = (value: number | undefined) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
  return { top: side(params.top), right: side(params.right), bottom: side(params.bottom), left: side(params.left) };
}

function productSettings(operationId: string, image: ImageAsset, params: OperationParams): ProductPhotoInput {
  const backdrop = oneOf(BACKGROUND_PRESETS, params.backdrop);
  const shadow = oneOf<ProductShadow>(PRODUCT_SHADOWS, params.shadow);
  if (!params.width || !params.height || !shadow || (!backdrop && !params.colour)) throw new Error(`Operation ${operationId} has no product photo settings`);
  const background: ProductBackground = backdrop && backdrop !== "none" ? { backdrop } : { colour: params.colour ?? "#ffffff" };
  return {
    image,
    width: params.width,
    height: params.height,
    background,
    shadow,
    margin: params.margin ?? 10,
    offsetX: params.offsetX,
    offsetY: params.offsetY,
    scale: params.productScale,
  };
}

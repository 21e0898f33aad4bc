// The registry's engine part, one entry per operation kind a tool records: what a worker runs for
// it, given the recorded operation (lib/imaging/engine/run.ts); a tool's own engine function is
// written in its engine file (lib/imaging/local/<tool>.ts) and named here. Only workers load it (and a web process
// running jobs itself under JOBS_INLINE, on demand): it reaches the local engine and the providers.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import type { OperationKind } from "@/lib/generated/prisma/client";
import { maskCoverage, oneOf, type EngineFunction, type EngineRun } from "@/lib/imaging/engine/run";
import { blurBackgroundRun } from "@/lib/imaging/local/blur-background";
import { productPhotoRun } from "@/lib/imaging/local/product-photo";
import { localProvider } from "@/lib/imaging/local/provider";
import { segmentLocal } from "@/lib/imaging/local/segment";
import { sharedEmbeddingCache } from "@/lib/imaging/segment-cache";
import {
  BACKGROUND_PRESETS,
  CARTOON_STYLES,
  OUTPUT_FORMATS,
  UPSCALE_QUALITIES,
  type Background,
  type BackgroundPreset,
  type CartoonLook,
  type Margins,
  type OutputFormat,
  type UpscaleQuality,
} from "@/lib/imaging/types";

/** A recorded side of an expand: a whole number of pixels, else none. */
function marginsOf({ params }: EngineRun): Margins {
  const side = (value: number | undefined) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
  return { top: side(params.top), right: side(params.right), bottom: side(params.bottom), left: side(params.left) };
}

const removeObject: EngineFunction = async (run) => {
  const maskStyle = run.params.maskStyle ?? "black-on-white";
  const mask = run.inputs[1];
  if (!mask) throw new Error(`Operation ${run.operation.id} has no mask`);
  if ((await maskCoverage(mask, maskStyle)) === 0) {
    throw new BadRequestError("Please upload an image and highlight the object to remove.", "empty_mask");
  }
  const { prompt, seed, onProgress, signal } = run;
  return run.provider.removeObject!({ image: run.image(), mask, maskStyle, prompt: prompt || undefined, seed, onProgress }, signal);
};

export const TOOL_ENGINES: Record<OperationKind, EngineFunction> = {
  generate: ({ provider, prompt, params, seed, signal }) =>
    provider.generate!({ prompt, width: params.width ?? 1024, height: params.height ?? 1024, seed }, signal),
  edit: (run) => run.provider.edit!({ image: run.image(), prompt: run.prompt, seed: run.seed }, run.signal),
  background_removal: (run) => {
    const preset = oneOf<BackgroundPreset>(BACKGROUND_PRESETS, run.params.background);
    const background: Background = preset ? { preset } : run.prompt ? { prompt: run.prompt } : { preset: "none" };
    return run.provider.removeBackground!({ image: run.image(), background, seed: run.seed }, run.signal);
  },
  cartoon_style: (run) => {
    const style = oneOf<CartoonLook>(CARTOON_STYLES, run.params.style);
    return run.provider.cartoonize!({ image: run.image(), style, customStyle: style ? undefined : run.prompt, seed: run.seed }, run.signal);
  },
  object_removal: removeObject,
  convert: (run) => {
    const format = oneOf<OutputFormat>(OUTPUT_FORMATS, run.params.format);
    if (!format) throw new Error(`Operation ${run.operation.id} has no output format`);
    return run.provider.convert!({ image: run.image(), format, quality: run.params.quality ?? 90 }, run.signal);
  },
  upscale: (run) => {
    const quality = oneOf<UpscaleQuality>(UPSCALE_QUALITIES, run.params.upscaleQuality);
    const scale = run.params.scale === 2 || run.params.scale === 4 ? run.params.scale : null;
    if (!quality || !scale) throw new Error(`Operation ${run.operation.id} has no upscale settings`);
    // Providers without an upscaler (configured before they had one) hand it to the local engine.
    const upscale = run.provider.upscale ?? localProvider.upscale!;
    return upscale({ image: run.image(), scale, quality, onProgress: run.onProgress }, run.signal);
  },
  segment: async (run) => {
    // Always the local model, whichever provider the other operations use.
    const { mask, score } = await segmentLocal({ image: run.image(), points: run.params.points ?? [] }, sharedEmbeddingCache, run.signal);
    return { ...mask, details: { score } };
  },
  expand: (run) =>
    run.provider.expand!(
      { image: run.image(), margins: marginsOf(run), prompt: run.prompt || undefined, seed: run.seed, onProgress: run.onProgress },
      run.signal,
    ),
  // The local engine's alone: no provider offers them.
  blur_background: blurBackgroundRun,
  product_photo: productPhotoRun,
};

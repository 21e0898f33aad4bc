// The ESRGAN upscaling models of @upscalerjs/esrgan-slim (fast) and @upscalerjs/esrgan-medium (high
// quality), run by TensorFlow.js on its WebAssembly backend. tfjs-node would be faster but downloads
// a native library at install; the WebAssembly backend ships inside its npm package.
import "server-only";
import type { UpscaleFactor, UpscaleQuality } from "../types";
import type { RgbImage } from "./tiling";
import { resolveInstalled } from "./installed-package";
import { isUint8Array, modelSlot, releaseModel, runningModel } from "./model-thread";
import type { UpscaleModelsData } from "./threads/upscale-models";

export const MODEL_PACKAGES: Record<UpscaleQuality, string> = {
  fast: "@upscalerjs/esrgan-slim",
  high: "@upscalerjs/esrgan-medium",
};

const slot = modelSlot<Uint8Array>("pictura.imaging.upscaleModels");

/** Where the packages are found: the project folder under `next start`, where this module is bundled. */
const resolutionBase = () =>
  resolveInstalled("@tensorflow/tfjs-backend-wasm", () => "The upscaling models are not installed (@tensorflow/tfjs-backend-wasm not found)").base;

function upscaleModels() {
  return runningModel(slot, () => ({
    // A worker thread keeps every model it loaded; a tile's inference is seconds of synchronous
    // WebAssembly, which on the worker process's own thread would stall its heartbeat.
    thread: "upscale-models.ts",
    workerData: { base: resolutionBase() } satisfies UpscaleModelsData,
    loadFailed: (detail) => `The upscaling engine failed to start: ${detail}`,
    stopped: (code) => `The upscaling thread stopped (exit code ${code})`,
    accept: (message) => {
      if (!isUint8Array(message.rgb)) throw new Error(`Upscaling failed: ${message.error ?? "no pixels returned"}`);
      return message.rgb;
    },
  }));
}

/** Upscales one tile with the model for `quality` and `scale`; the result is exactly scale × its size. */
export async function upscaleTileWithModel(tile: RgbImage, scale: UpscaleFactor, quality: UpscaleQuality): Promise<RgbImage> {
  const model = await upscaleModels();
  const pixels = Uint8Array.from(tile.data);
  const rgb = await model.ask({ name: MODEL_PACKAGES[quality], scale, width: tile.width, height: tile.height, rgb: pixels }, [pixels.buffer]);
  return { data: rgb, width: tile.width * scale, height: tile.height * scale };
}

/** Stops the thread and frees the models' memory (tests and benchmarks); the next call loads them again. */
export async function releaseUpscaleModels(): Promise<void> {
  await releaseModel(slot);
}

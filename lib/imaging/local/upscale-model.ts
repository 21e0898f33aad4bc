// The ESRGAN upscaling models of @upscalerjs/esrgan-slim (fast) and @upscalerjs/esrgan-medium (high
// quality), run by TensorFlow.js on its WebAssembly backend. tfjs-node would be faster but downloads
// a native library at install; the WebAssembly backend ships inside its npm package.
import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import type { UpscaleFactor, UpscaleQuality } from "../types";
import type { RgbImage } from "./tiling";
import { isUint8Array, modelSlot, releaseModel, runningModel } from "./model-thread";

export const MODEL_PACKAGES: Record<UpscaleQuality, string> = {
  fast: "@upscalerjs/esrgan-slim",
  high: "@upscalerjs/esrgan-medium",
};

/**
 * The models run in a worker thread that keeps every model it loaded: a tile's inference is seconds
 * of synchronous WebAssembly, which on the worker process's own thread would stall its heartbeat and
 * its cancel notifications. The thread is plain JavaScript evaluated from this string, so no bundler
 * or test sandbox stands between it and TensorFlow.js. Each model is read from its package's files
 * (model.json and weight shards) and set up with the package's own definition: its value range and,
 * for architectures with custom layers, its `setup(tf)`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");
const load = createRequire(workerData.base);
const tf = load("@tensorflow/tfjs");
const wasm = load("@tensorflow/tfjs-backend-wasm");
const models = new Map();

function packageRoot(name) {
  let folder = path.dirname(load.resolve(name));
  while (!fs.existsSync(path.join(folder, "package.json"))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error("no package.json above " + name);
    folder = parent;
  }
  return folder;
}

async function model(name, scale) {
  const key = name + "/" + scale;
  if (!models.has(key)) {
    models.set(key, (async () => {
      const definition = load(name + "/" + scale + "x");
      if (definition.scale !== scale) throw new Error(key + " is a x" + definition.scale + " model");
      if (typeof definition.setup === "function") definition.setup(tf);
      const file = path.join(packageRoot(name), definition._internals.path);
      const json = JSON.parse(fs.readFileSync(file, "utf8"));
      const groups = json.weightsManifest;
      const weights = Buffer.concat(groups.flatMap((group) => group.paths.map((shard) => fs.readFileSync(path.join(path.dirname(file), shard)))));
      const handler = tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs: groups.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
      });
      const layers = await tf.loadLayersModel(handler);
      return { layers, input: definition.inputRange || [0, 255], output: definition.outputRange || [0, 255] };
    })());
    models.get(key).catch(() => models.delete(key));
  }
  return models.get(key);
}

async function upscale({ name, scale, width, height, rgb }) {
  const { layers, input, output } = await model(name, scale);
  const result = tf.tidy(() => {
    const pixels = tf.tensor4d(Float32Array.from(rgb), [1, height, width, 3]);
    const scaled = pixels.div(255).mul(input[1] - input[0]).add(input[0]);
    const predicted = layers.predict(scaled);
    return predicted.sub(output[0]).div(output[1] - output[0]).mul(255).round().clipByValue(0, 255);
  });
  const values = await result.data();
  const shape = result.shape;
  result.dispose();
  if (shape[1] !== height * scale || shape[2] !== width * scale || shape[3] !== 3) throw new Error("unexpected output shape " + shape.join("x"));
  return Uint8Array.from(values);
}

(async () => {
  wasm.setWasmPaths(path.join(packageRoot("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep);
  if (!(await tf.setBackend("wasm"))) throw new Error("the WebAssembly backend did not start");
  await tf.ready();
  parentPort.on("message", async (request) => {
    try {
      const rgb = await upscale(request);
      parentPort.postMessage({ id: request.id, rgb }, [rgb.buffer]);
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: String((error && error.message) || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ loadError: String((error && error.message) || error) }));
`;

const slot = modelSlot<Uint8Array>("pictura.imaging.upscaleModels");

/** Where the packages are found: the project folder under `next start`, where this module is bundled. */
function resolutionBase(): string {
  const bases = [path.join(process.cwd(), "package.json")];
  if (typeof __filename === "string" && path.isAbsolute(__filename)) bases.push(__filename);
  for (const base of bases) {
    try {
      createRequire(base).resolve("@tensorflow/tfjs-backend-wasm");
      return base;
    } catch {
      // Try the next base.
    }
  }
  throw new Error("The upscaling models are not installed (@tensorflow/tfjs-backend-wasm not found)");
}

function upscaleModels() {
  return runningModel(slot, () => ({
    source: WORKER_SOURCE,
    workerData: { base: resolutionBase() },
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

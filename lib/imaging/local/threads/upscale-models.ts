// The upscaling models' thread: the ESRGAN models of @upscalerjs, run by TensorFlow.js on its
// WebAssembly backend and kept once loaded. A tile's inference is seconds of synchronous
// WebAssembly, which on the worker process's own thread would stall its heartbeat and its cancel
// notifications (upscale-model.ts one folder up starts this thread). Each model is read from its
// package's files (model.json and weight shards) and set up with the package's own definition: its
// value range and, for architectures with custom layers, its `setup(tf)`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { workerData } from "node:worker_threads";
import type * as TensorFlow from "@tensorflow/tfjs";
import { serveModel } from "./serve-model.ts";
import { loadTfjsWasm, packageRoot, type Tf } from "./tfjs-wasm.ts";

export interface UpscaleModelsData {
  /** A file of the project: the packages are loaded from beside it. */
  base: string;
}

type Range = [number, number];

/** What an @upscalerjs model package's `<scale>x` entry describes. */
interface ModelDefinition {
  scale: number;
  setup?: (tf: Tf) => void;
  inputRange?: Range;
  outputRange?: Range;
  _internals: { path: string };
}

interface LoadedModel {
  layers: TensorFlow.LayersModel;
  input: Range;
  output: Range;
}

interface WeightsGroup {
  paths: string[];
  weights: TensorFlow.io.WeightsManifestEntry[];
}

const { base } = workerData as UpscaleModelsData;
const load = createRequire(base);
const models = new Map<string, Promise<LoadedModel>>();

async function loadModel(tf: Tf, name: string, scale: number): Promise<LoadedModel> {
  const definition = load(`${name}/${scale}x`) as ModelDefinition;
  if (definition.scale !== scale) throw new Error(`${name}/${scale} is a x${definition.scale} model`);
  if (typeof definition.setup === "function") definition.setup(tf);
  const file = path.join(packageRoot(base, name), definition._internals.path);
  const json = JSON.parse(readFileSync(file, "utf8")) as { modelTopology: object; weightsManifest: WeightsGroup[] };
  const groups = json.weightsManifest;
  const weights = Buffer.concat(groups.flatMap((group) => group.paths.map((shard) => readFileSync(path.join(path.dirname(file), shard)))));
  const handler = tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: groups.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
  });
  const layers = await tf.loadLayersModel(handler);
  return { layers, input: definition.inputRange || [0, 255], output: definition.outputRange || [0, 255] };
}

/** The model for a package and scale, loaded once; a load that failed is tried again next time. */
function model(tf: Tf, name: string, scale: number): Promise<LoadedModel> {
  const key = `${name}/${scale}`;
  let loading = models.get(key);
  if (!loading) {
    loading = loadModel(tf, name, scale);
    models.set(key, loading);
    loading.catch(() => models.delete(key));
  }
  return loading;
}

interface UpscaleRequest {
  name: string;
  scale: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}

async function upscale(tf: Tf, { name, scale, width, height, rgb }: UpscaleRequest): Promise<Uint8Array> {
  const { layers, input, output } = await model(tf, name, scale);
  const result = tf.tidy(() => {
    const pixels = tf.tensor4d(Float32Array.from(rgb), [1, height, width, 3]);
    const scaled = pixels
      .div(255)
      .mul(input[1] - input[0])
      .add(input[0]);
    const predicted = layers.predict(scaled) as TensorFlow.Tensor;
    return predicted
      .sub(output[0])
      .div(output[1] - output[0])
      .mul(255)
      .round()
      .clipByValue(0, 255);
  });
  const values = await result.data();
  const shape = result.shape;
  result.dispose();
  if (shape[1] !== height * scale || shape[2] !== width * scale || shape[3] !== 3) throw new Error(`unexpected output shape ${shape.join("x")}`);
  return Uint8Array.from(values);
}

serveModel(
  () => loadTfjsWasm(base),
  async (tf, request) => {
    const rgb = await upscale(tf, request as unknown as UpscaleRequest);
    return { reply: { rgb }, transfer: [rgb.buffer as ArrayBuffer] };
  },
);

// The image check's thread: nsfwjs's MobileNetV2 classifier, run by TensorFlow.js on its WebAssembly
// backend (lib/moderation/image.ts starts it). The model and its weights are read from the nsfwjs
// package's own files, never from the network. A classification is tens of milliseconds of synchronous
// WebAssembly, kept off the worker process's own thread like the other local models.
import { createRequire } from "node:module";
import { workerData } from "node:worker_threads";
import type * as TensorFlow from "@tensorflow/tfjs";
import { serveModel } from "./serve-model.ts";
import { loadTfjsWasm, type Tf } from "./tfjs-wasm.ts";

export interface ContentModelData {
  /** A file of the project: the packages are loaded from beside it. */
  base: string;
}

interface Prediction {
  className: string;
  probability: number;
}

interface Classifier {
  classify(image: TensorFlow.Tensor3D, topk?: number): Promise<Prediction[]>;
}

interface NsfwCore {
  load(model: string, options: { modelDefinitions: unknown[] }): Promise<Classifier>;
}

interface ClassifyRequest {
  /** RGB pixels, already the model's input size (width × height × 3). */
  rgb: Uint8Array;
  width: number;
  height: number;
}

const { base } = workerData as ContentModelData;
const load = createRequire(base);

async function loadClassifier(): Promise<{ tf: Tf; classifier: Classifier }> {
  const tf = await loadTfjsWasm(base);
  // The core and one model definition only: the package's main entry would read all three models.
  const nsfw = load("nsfwjs/core") as NsfwCore;
  const { MobileNetV2Model } = load("nsfwjs/models/mobilenet_v2") as { MobileNetV2Model: unknown };
  // nsfwjs greets with a line on console.info at every load; a worker's output is its JSON log.
  const info = console.info;
  console.info = () => undefined;
  try {
    return { tf, classifier: await nsfw.load("MobileNetV2", { modelDefinitions: [MobileNetV2Model] }) };
  } finally {
    console.info = info;
  }
}

serveModel(loadClassifier, async ({ tf, classifier }, request) => {
  const { rgb, width, height } = request as unknown as ClassifyRequest;
  const image = tf.tensor3d(rgb, [height, width, 3], "int32");
  try {
    const predictions = await classifier.classify(image, 5);
    return { reply: { scores: Object.fromEntries(predictions.map((prediction) => [prediction.className, prediction.probability])) } };
  } finally {
    image.dispose();
  }
});

// The background removal model's thread: the imgly medium model in an onnxruntime session kept
// between calls. onnxruntime-node's `run` is synchronous native code, which on the server's own
// thread would stall every other request for seconds (background.ts starts this thread).
import { readFileSync } from "node:fs";
import { workerData } from "node:worker_threads";
import { loadOnnxRuntime } from "./onnx-runtime.ts";
import { serveModel } from "./serve-model.ts";

export interface BackgroundModelData {
  /** The package's entry file: onnxruntime-node is loaded from beside it. */
  packageEntry: string;
  /** The model's file, in the chunks the package ships it in. */
  chunks: Array<{ path: string; size: number }>;
  size: number;
  options: object;
  /** The model's square input and output side. */
  resolution: number;
}

const { packageEntry, chunks, size, options, resolution } = workerData as BackgroundModelData;

function readModel(): Buffer {
  const model = Buffer.concat(
    chunks.map((chunk) => {
      const data = readFileSync(chunk.path);
      if (data.length !== chunk.size) throw new Error(`model file ${chunk.path} is truncated`);
      return data;
    }),
  );
  if (model.length !== size) throw new Error(`model is ${model.length} bytes, expected ${size}`);
  return model;
}

serveModel(
  async () => {
    const ort = loadOnnxRuntime(packageEntry);
    // The session keeps its own copy; the 88 MB read is garbage once it exists.
    const session = await ort.InferenceSession.create(readModel(), options);
    return { ort, session };
  },
  async ({ ort, session }, request) => {
    const input = request.input as Float32Array;
    const outputs = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, resolution, resolution]) });
    const output = outputs[session.outputNames[0]!]!.data;
    if (output.length !== resolution * resolution) throw new Error(`unexpected output of ${output.length} values`);
    // The library stores value × 255 into a Uint8Array, which truncates: a subject the model is
    // sure of (0.999) comes out 254, not quite opaque. Rounding makes it 255 and moves any other
    // value by at most one level; clamping keeps values just outside 0–1 from wrapping round.
    const mask = new Uint8Array(output.length);
    for (let i = 0; i < output.length; i += 1) mask[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
    return { reply: { mask }, transfer: [mask.buffer] };
  },
);

// The part of onnxruntime-node's API the model threads use, typed here: the package ships no type
// declarations of its own. It is loaded from the install the host names (see serve-model.ts).
import { createRequire } from "node:module";

export interface OrtTensor {
  data: ArrayLike<number>;
  dims: readonly number[];
}

export interface OrtSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
}

export interface OnnxRuntime {
  InferenceSession: { create(model: string | Uint8Array, options: object): Promise<OrtSession> };
  Tensor: new (type: "float32", data: Float32Array, dims: readonly number[]) => OrtTensor;
}

/** onnxruntime-node, as installed beside `base` (a file of the project, or the package that depends on it). */
export function loadOnnxRuntime(base: string): OnnxRuntime {
  return createRequire(base)("onnxruntime-node") as OnnxRuntime;
}

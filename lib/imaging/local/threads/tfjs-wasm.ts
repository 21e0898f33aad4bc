// TensorFlow.js on its WebAssembly backend, for the model threads that run a TensorFlow.js model
// (upscaling, the image check): loaded from the install beside `base` (see serve-model.ts), with the
// backend's .wasm files read from its own package folder.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as TensorFlow from "@tensorflow/tfjs";

export type Tf = typeof TensorFlow;

/** The folder of an installed package (the one holding its package.json), as loaded from beside `base`. */
export function packageRoot(base: string, name: string): string {
  let folder = path.dirname(createRequire(base).resolve(name));
  while (!existsSync(path.join(folder, "package.json"))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${name}`);
    folder = parent;
  }
  return folder;
}

/** TensorFlow.js, ready on the WebAssembly backend. */
export async function loadTfjsWasm(base: string): Promise<Tf> {
  const load = createRequire(base);
  const tf = load("@tensorflow/tfjs") as Tf;
  const wasm = load("@tensorflow/tfjs-backend-wasm") as { setWasmPaths(prefix: string): void };
  wasm.setWasmPaths(path.join(packageRoot(base, "@tensorflow/tfjs-backend-wasm"), "dist") + path.sep);
  if (!(await tf.setBackend("wasm"))) throw new Error("the WebAssembly backend did not start");
  await tf.ready();
  return tf;
}

// The model threads are TypeScript files that Node runs as they are (lib/imaging/local/threads):
// Jest's process has no TypeScript loader, so each thread starting here shows that Node's own type
// stripping reads it, as under a plain `next start`, and that it answers in the host's protocol.
// Each is given an install without its packages, so no model loads (onnxruntime may be loaded by
// only one thread of a process, which the model tests own).
import path from "node:path";
import { Worker } from "node:worker_threads";

const THREADS = path.join(process.cwd(), "lib", "imaging", "local", "threads");
/** A folder with no node_modules above it: packages are looked for in every parent folder. */
const NO_INSTALL = path.join(path.parse(process.cwd()).root, "pictura-no-install", "package.json");

/** The first message the thread posts, or the error it stops with. */
function firstWord(file: string, workerData: unknown): Promise<Record<string, unknown>> {
  const worker = new Worker(path.join(THREADS, file), { workerData });
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  }).finally(() => worker.terminate());
}

describe("model threads", () => {
  it("start as TypeScript files without a loader and report a model that cannot load", async () => {
    const background = await firstWord("background-model.ts", { packageEntry: NO_INSTALL, chunks: [], size: 0, options: {}, resolution: 1024 });
    const segment = await firstWord("segment-model.ts", {
      projectFile: NO_INSTALL,
      encoderPath: "",
      decoderPath: "",
      options: {},
      encoderSize: 1024,
      maskPromptSize: 256,
    });
    const upscale = await firstWord("upscale-models.ts", { base: NO_INSTALL });
    expect(background).toEqual({ loadError: expect.stringContaining("onnxruntime-node") });
    expect(segment).toEqual({ loadError: expect.stringContaining("onnxruntime-node") });
    expect(upscale).toEqual({ loadError: expect.stringContaining("@tensorflow/tfjs") });
  });
});

// Stand-ins for the two 1024² ONNX models (background removal and tap-to-select), for test files that
// check what happens around a model run (where the job runs, how it is charged, how its result is
// labelled) rather than what the model sees in the pixels. Each answers at once, through the model's
// own `accept`, with a reply shaped like the real one; everything else (input tensors, mask resizing,
// cut-outs, backdrops, encoding, storage, settlement) runs as usual. The real models run in
// imaging-background.test.ts and segment.test.ts.
//
//   jest.mock("@/lib/imaging/local/model-thread", () => jest.requireActual("./model-stand-ins").modelThreadWithStandIns());
import type * as ModelThreadModule from "@/lib/imaging/local/model-thread";
import type { ModelSlot, ModelThread, ModelThreadSpec, ThreadMessage } from "@/lib/imaging/local/model-thread";

type ModelThreadExports = typeof ModelThreadModule;

/** The models' square input, and the tap-to-select embedding (256 channels of 64 × 64), as in the models' modules. */
const RESOLUTION = 1024;
const EMBEDDING_LENGTH = 256 * 64 * 64;

/** Background removal: a mask with the subject as a disc in the middle, fully opaque, and the rest fully transparent. */
function backgroundReply(): ThreadMessage {
  const mask = new Uint8Array(RESOLUTION * RESOLUTION);
  const centre = RESOLUTION / 2;
  const radius = RESOLUTION / 3;
  for (let y = 0; y < RESOLUTION; y += 1) {
    for (let x = 0; x < RESOLUTION; x += 1) if ((x - centre) ** 2 + (y - centre) ** 2 <= radius ** 2) mask[y * RESOLUTION + x] = 255;
  }
  return { mask };
}

/** Tap-to-select: an embedding for an image, or one candidate mask (a disc in the middle, logits ±8) for a tap. */
function segmentReply(message: Record<string, unknown>): ThreadMessage {
  if (message.kind === "encode") return { embedding: new Float32Array(EMBEDDING_LENGTH) };
  const width = message.width as number;
  const height = message.height as number;
  const masks = new Float32Array(width * height);
  const radius = Math.min(width, height) / 4;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) masks[y * width + x] = (x - width / 2) ** 2 + (y - height / 2) ** 2 <= radius ** 2 ? 8 : -8;
  }
  return { masks, scores: new Float32Array([0.9]), dims: [1, 1, height, width] };
}

const STAND_INS: Record<string, (message: Record<string, unknown>) => ThreadMessage> = {
  "pictura.imaging.backgroundModel": backgroundReply,
  "pictura.imaging.segmentModel": segmentReply,
};

/** The model-thread module with the stand-ins answering for the models above; any other model runs for real. */
export function modelThreadWithStandIns(): ModelThreadExports {
  const actual = jest.requireActual<ModelThreadExports>("@/lib/imaging/local/model-thread");
  const names = new WeakMap<object, string>();
  const modelSlot = ((name: string, extra?: () => object) => {
    const slot = actual.modelSlot(name, extra);
    names.set(slot, name);
    return slot;
  }) as ModelThreadExports["modelSlot"];
  function runningModel<Reply>(slot: ModelSlot<Reply>, spec: () => Promise<ModelThreadSpec<Reply>> | ModelThreadSpec<Reply>): Promise<ModelThread<Reply>> {
    const reply = STAND_INS[names.get(slot) ?? ""];
    if (!reply) return actual.runningModel(slot, spec);
    // The spec is still built, so the model's files are still looked for where the real model would load them from.
    slot.loading ??= Promise.resolve()
      .then(spec)
      .then((resolved) => ({
        worker: { terminate: async () => 0 } as unknown as ModelThread<Reply>["worker"],
        ask: async (message: Record<string, unknown>) => resolved.accept(reply(message)),
      }));
    return slot.loading;
  }
  return { ...actual, modelSlot, runningModel };
}

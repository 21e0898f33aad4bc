// Tap-to-select: the object under the user's taps as a white-on-black mask at the photo's own size.
// The photo is prepared as Segment Anything expects (longest side scaled to 1024, zero-padded to a
// square after normalising with the ImageNet mean and spread), its embedding is taken from the
// cache or computed once, and the decoder turns all the taps (adding and subtracting) into a mask.
import "server-only";
import sharp from "sharp";
import { BadRequestError } from "@/lib/errors";
import { decodeRgba, type RgbaPixels } from "../asset";
import type { ImageAsset } from "../types";
import { decodeMasks, EMBEDDING_LENGTH, ENCODER_SIZE, encodeImage } from "./segment-model";

export interface SegmentPoint {
  x: number;
  y: number;
  /** 1 adds the object under the point, 0 takes it away. */
  label: 0 | 1;
}

export interface SegmentInput {
  image: ImageAsset;
  points: SegmentPoint[];
}

/** Where embeddings are kept between taps, by the SHA-256 of the image's bytes (see segment-cache.ts). */
export interface EmbeddingCache {
  read(image: Buffer, length: number): Promise<Float32Array | null>;
  write(image: Buffer, embedding: Float32Array): Promise<void>;
}

export interface SegmentResult {
  /** White on black, one channel, the photo's size. */
  mask: ImageAsset;
  /** The model's estimate of the mask's quality (predicted IoU), 0–1. */
  score: number;
}

/** The RGB means and spreads the SAM encoder was trained with. */
const PIXEL_MEAN = [123.675, 116.28, 103.53] as const;
const PIXEL_STD = [58.395, 57.12, 57.375] as const;
/** Logits become bytes around 128 before resizing, so the full-size mask keeps smooth edges. */
const LOGIT_TO_BYTE = 32;

export interface Frame {
  width: number;
  height: number;
  /** The photo scaled so its longest side is ENCODER_SIZE. */
  scaledWidth: number;
  scaledHeight: number;
}

export function frameOf(width: number, height: number): Frame {
  const scale = ENCODER_SIZE / Math.max(width, height);
  return { width, height, scaledWidth: Math.max(1, Math.round(width * scale)), scaledHeight: Math.max(1, Math.round(height * scale)) };
}

/** The photo as the encoder takes it: scaled into the 1024 frame, normalised, the rest zero. */
export async function encoderInput(pixels: RgbaPixels, frame: Frame): Promise<Float32Array<ArrayBuffer>> {
  if (pixels.width !== frame.width || pixels.height !== frame.height) throw new Error("The decoded image does not match its header's size");
  const rgb = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .flatten({ background: "#ffffff" })
    .resize(frame.scaledWidth, frame.scaledHeight, { fit: "fill" })
    .raw()
    .toBuffer();
  const plane = ENCODER_SIZE * ENCODER_SIZE;
  // Zero after normalising is the mean colour: the padding the model was trained with.
  const input = new Float32Array(3 * plane);
  for (let y = 0; y < frame.scaledHeight; y += 1) {
    for (let x = 0; x < frame.scaledWidth; x += 1) {
      const source = (y * frame.scaledWidth + x) * 3;
      const target = y * ENCODER_SIZE + x;
      for (let c = 0; c < 3; c += 1) input[c * plane + target] = ((rgb[source + c] ?? 0) - PIXEL_MEAN[c]!) / PIXEL_STD[c]!;
    }
  }
  return input;
}

function assertPointsInside(points: SegmentPoint[], frame: Frame): void {
  for (const point of points) {
    if (point.x < 0 || point.y < 0 || point.x >= frame.width || point.y >= frame.height) {
      throw new BadRequestError(`Every point must lie inside the ${frame.width}×${frame.height} image.`, "point_out_of_range");
    }
  }
}

/** The points in the encoder's frame, with SAM's padding point (label −1) after them. */
function promptOf(points: SegmentPoint[], frame: Frame): { coords: Float32Array; labels: Float32Array } {
  const scale = frame.scaledWidth / frame.width;
  const coords = new Float32Array(2 * (points.length + 1));
  const labels = new Float32Array(points.length + 1);
  points.forEach((point, index) => {
    // Pixel indices: the model's prompt encoder moves them to the pixels' centres itself.
    coords[2 * index] = point.x * scale;
    coords[2 * index + 1] = point.y * scale;
    labels[index] = point.label;
  });
  labels[points.length] = -1;
  return { coords, labels };
}

async function embeddingOf(image: ImageAsset, frame: Frame, cache: EmbeddingCache | null, signal?: AbortSignal): Promise<Float32Array> {
  const cached = cache && (await cache.read(image.buffer, EMBEDDING_LENGTH));
  if (cached) return cached;
  const embedding = await encodeImage(await encoderInput(await decodeRgba(image), frame), signal);
  await cache?.write(image.buffer, embedding);
  return embedding;
}

/** The photo's size as shown (EXIF orientation applied), from its header: a cached tap decodes no pixels. */
async function shownSize(image: ImageAsset): Promise<{ width: number; height: number }> {
  const { width, height, orientation } = await sharp(image.buffer, { animated: false }).metadata();
  if (!width || !height) throw new BadRequestError("The image file is damaged or incomplete.", "invalid_image");
  // Orientations 5–8 turn the picture a quarter.
  return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** The best candidate's logits as bytes at the photo's size, then cut at the model's own threshold (logit 0). */
async function fullSizeMask(logits: Float32Array, frame: Frame): Promise<Buffer> {
  const bytes = Buffer.alloc(logits.length);
  for (let i = 0; i < logits.length; i += 1) bytes[i] = Math.max(0, Math.min(255, Math.round(128 + (logits[i] ?? 0) * LOGIT_TO_BYTE)));
  return sharp(bytes, { raw: { width: frame.scaledWidth, height: frame.scaledHeight, channels: 1 } })
    .resize(frame.width, frame.height, { fit: "fill", kernel: "linear" })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The mask the decoder draws for the points on an image whose embedding is known. */
export async function maskFromEmbedding(embedding: Float32Array, points: SegmentPoint[], frame: Frame, signal?: AbortSignal): Promise<SegmentResult> {
  const decoded = await decodeMasks({ embedding, ...promptOf(points, frame), width: frame.scaledWidth, height: frame.scaledHeight }, signal);
  let best = 0;
  for (let index = 1; index < decoded.count; index += 1) if ((decoded.scores[index] ?? 0) > (decoded.scores[best] ?? 0)) best = index;
  const plane = frame.scaledWidth * frame.scaledHeight;
  const mask = await fullSizeMask(decoded.masks.subarray(best * plane, (best + 1) * plane), frame);
  const buffer = await sharp(mask, { raw: { width: frame.width, height: frame.height, channels: 1 } })
    .png()
    .toBuffer();
  const score = Math.max(0, Math.min(1, decoded.scores[best] ?? 0));
  return { mask: { buffer, contentType: "image/png", width: frame.width, height: frame.height }, score };
}

export async function segmentLocal(input: SegmentInput, cache: EmbeddingCache | null, signal?: AbortSignal): Promise<SegmentResult> {
  if (input.points.length === 0) throw new BadRequestError("Tap the object to select it.", "no_points");
  const size = await shownSize(input.image);
  const frame = frameOf(size.width, size.height);
  assertPointsInside(input.points, frame);
  const embedding = await embeddingOf(input.image, frame, cache, signal);
  return maskFromEmbedding(embedding, input.points, frame, signal);
}

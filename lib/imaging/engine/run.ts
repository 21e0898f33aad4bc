// What a worker hands a tool's engine function (lib/tools/registry.engine.ts): the recorded operation, its
// parameters and decoded inputs, and the provider it was recorded with.
import "server-only";
import sharp from "sharp";
import type { Operation } from "@/lib/generated/prisma/client";
import type { SegmentPoint } from "@/lib/imaging/local/segment";
import type { ImageAsset, ImageProvider, MaskStyle } from "@/lib/imaging/types";
import type { ContentReview } from "@/lib/moderation/image";

/** The parameters an operation records (the web side's photo calls and image calls write them). */
export interface OperationParams {
  inputFileIds?: string[];
  width?: number;
  height?: number;
  background?: string;
  style?: string;
  maskStyle?: MaskStyle;
  format?: string;
  quality?: number;
  scale?: number;
  upscaleQuality?: string;
  points?: SegmentPoint[];
  /** Expand: the pixels added on each side. */
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  /** Background blur, 1–10. */
  strength?: number;
  /** Product photo: a flat #rrggbb colour or a backdrop scene, the shadow and the border (%). */
  colour?: string;
  backdrop?: string;
  shadow?: string;
  margin?: number;
  /** Product photo: the user's move (% of the canvas) and scale of the product. */
  offsetX?: number;
  offsetY?: number;
  productScale?: number;
  /** Object removal: "replace" fills the marked area with what the prompt describes. */
  fill?: string;
}

/**
 * What an operation made: its image, for some operations facts about it (a selection's score), the
 * picture it started from as the worker read it (its first input, named in the result's Content
 * Credentials), and when the image check ran, its scores and whether it flagged the result for review.
 */
export type PerformedOperation = ImageAsset & {
  details?: Record<string, number>;
  source?: ImageAsset;
  contentReview?: { scores: ContentReview; flagged: boolean };
};

/** Reports the share of the work done (0–1) while a long operation runs. */
export type ProgressReporter = (done: number) => void;

export interface EngineRun {
  operation: Operation;
  params: OperationParams;
  /** The provider the operation was recorded with. */
  provider: ImageProvider;
  /** The first input (the photo); throws when the operation has none. */
  image(): ImageAsset;
  /** Every input, in order, decoded and checked whole. */
  inputs: ImageAsset[];
  prompt: string;
  seed: number | undefined;
  signal: AbortSignal;
  onProgress?: ProgressReporter;
}

/** One tool's work in a worker. */
export type EngineFunction = (run: EngineRun) => Promise<PerformedOperation>;

/** `value` when it is one of `values`, else null: recorded parameters are read back as untrusted. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The share of a mask's pixels marked for removal. */
export async function maskCoverage(mask: ImageAsset, style: MaskStyle): Promise<number> {
  const { data } = await sharp(mask.buffer)
    .flatten({ background: style === "black-on-white" ? "#ffffff" : "#000000" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let marked = 0;
  for (const value of data) if (style === "black-on-white" ? value < 128 : value >= 128) marked += 1;
  return marked / data.length;
}

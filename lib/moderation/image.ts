// The workers' image check: nsfwjs's MobileNetV2 classifier scores each input of an operation and its
// result in five classes (Drawing, Hentai, Neutral, Porn, Sexy; they add up to 1). The explicit score
// is Porn + Hentai. At or above MODERATION_THRESHOLD an image is refused (MODERATION=block: 422
// content_refused, the operation refunded, nothing stored) or the result is kept and queued for review
// (flag: reviewStatus "pending"); off checks nothing. The scores are kept on the operation whatever the
// verdict. The model loads once per process, in a thread of its own, from the package's own files; only
// a job loads it, so the web tier never does (unless it runs the jobs itself, JOBS_INLINE).
import "server-only";
import sharp from "sharp";
import { env } from "@/lib/env";
import type { OperationKind } from "@/lib/generated/prisma/client";
import { decodeBmp } from "@/lib/imaging/bmp";
import { ContentRefusedError } from "@/lib/imaging/errors";
import { resolveInstalled } from "@/lib/imaging/local/installed-package";
import { modelSlot, releaseModel, runningModel } from "@/lib/imaging/local/model-thread";
import type { ContentModelData } from "@/lib/imaging/local/threads/content-model";
import type { ImageAsset } from "@/lib/imaging/types";

export const CONTENT_MODEL = "nsfwjs MobileNetV2";
export const CONTENT_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type ContentScores = Record<(typeof CONTENT_CLASSES)[number], number>;
export type ModerationMode = "block" | "flag" | "off";
export interface ModerationSettings {
  mode: ModerationMode;
  threshold: number;
}
export type ImageVerdict = "allow" | "flag" | "refuse";

/** What an operation keeps of its check (Operation.contentScores): every score rounded to 4 decimals. */
export interface ContentReview {
  model: string;
  threshold: number;
  mode: Exclude<ModerationMode, "off">;
  inputs: ContentScores[];
  result?: ContentScores;
}

/** The model's input: a square it stretches every image to. */
const MODEL_SIDE = 224;

/** How likely the image is sexually explicit, photographic or drawn: Porn + Hentai. "Sexy" (suggestive) does not count. */
export function explicitScore(scores: ContentScores): number {
  return scores.Porn + scores.Hentai;
}

/** What the check does with an image of these scores. */
export function imageVerdict(scores: ContentScores, settings: ModerationSettings): ImageVerdict {
  if (settings.mode === "off" || explicitScore(scores) < settings.threshold) return "allow";
  return settings.mode === "block" ? "refuse" : "flag";
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
export const roundScores = (scores: ContentScores): ContentScores =>
  Object.fromEntries(CONTENT_CLASSES.map((name) => [name, round(scores[name] ?? 0)])) as ContentScores;

export function moderationSettings(): ModerationSettings {
  return { mode: env().MODERATION, threshold: env().MODERATION_THRESHOLD };
}

/** One operation's check: its inputs first, then its result; refuses by throwing ContentRefusedError. */
export class ImageCheck {
  readonly review: ContentReview;
  flagged = false;

  constructor(readonly settings: ModerationSettings & { mode: ContentReview["mode"] }) {
    this.review = { model: CONTENT_MODEL, threshold: settings.threshold, mode: settings.mode, inputs: [] };
  }

  async inputs(images: ImageAsset[], signal: AbortSignal): Promise<void> {
    for (const [index, image] of images.entries()) {
      signal.throwIfAborted();
      const scores = roundScores(await classifyImage(image));
      this.review.inputs.push(scores);
      this.judge(scores, `input ${index + 1}`);
    }
  }

  async result(image: ImageAsset, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    this.review.result = roundScores(await classifyImage(image));
    this.judge(this.review.result, "result");
  }

  /** Records a flag, or refuses, as the scores of `what` ("input 1", "result") call for. */
  judge(scores: ContentScores, what: string): void {
    const verdict = imageVerdict(scores, this.settings);
    if (verdict === "flag") this.flagged = true;
    if (verdict === "refuse") {
      throw new ContentRefusedError(
        { by: "image-check", reason: what, categories: ["Porn", "Hentai"], scores, details: { explicit: round(explicitScore(scores)), model: CONTENT_MODEL } },
        this.review,
      );
    }
  }
}

/** The check for an operation of this kind, or null: MODERATION=off, or a selection mask (it draws nothing new). */
export function startImageCheck(kind: OperationKind): ImageCheck | null {
  const settings = moderationSettings();
  if (settings.mode === "off" || kind === "segment") return null;
  return new ImageCheck({ mode: settings.mode, threshold: settings.threshold });
}

const slot = modelSlot<ContentScores>("pictura.moderation.contentModel");

/** Where the packages are found: the project folder under `next start`, where this module is bundled. */
const resolutionBase = () => resolveInstalled("nsfwjs/core", () => "The image check's model is not installed (nsfwjs not found)").base;

function contentModel() {
  return runningModel(slot, () => ({
    thread: "content-model.ts",
    workerData: { base: resolutionBase() } satisfies ContentModelData,
    loadFailed: (detail) => `The image check failed to start: ${detail}`,
    stopped: (code) => `The image check's thread stopped (exit code ${code})`,
    accept: (message) => {
      const scores = message.scores as Partial<ContentScores> | undefined;
      if (!scores || CONTENT_CLASSES.some((name) => typeof scores[name] !== "number"))
        throw new Error(`The image check failed: ${message.error ?? "no scores returned"}`);
      return scores as ContentScores;
    },
  }));
}

/** The model's input: the upright image flattened on white and stretched to 224 × 224, as RGB. */
async function modelInput(image: ImageAsset): Promise<Uint8Array> {
  const bitmap = image.contentType === "image/bmp" ? decodeBmp(image.buffer) : undefined;
  const source = bitmap
    ? sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } })
    : sharp(image.buffer, { animated: false, limitInputPixels: false });
  const { data, info } = await source
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(MODEL_SIDE, MODEL_SIDE, { fit: "fill" })
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`The image check expected RGB pixels, got ${info.channels} channels`);
  return Uint8Array.from(data);
}

/** The class scores of one image. */
export async function classifyImage(image: ImageAsset): Promise<ContentScores> {
  const rgb = await modelInput(image);
  const model = await contentModel();
  return model.ask({ rgb, width: MODEL_SIDE, height: MODEL_SIDE }, [rgb.buffer as ArrayBuffer]);
}

/** Loads the model (once per process) without classifying anything. */
export async function loadContentModel(): Promise<void> {
  await contentModel();
}

/** Loads the model now when the check is on (a worker at start), so the first job does not wait for it. */
export async function preloadContentModel(): Promise<void> {
  if (moderationSettings().mode !== "off") await loadContentModel();
}

/** Stops the thread and frees the model's memory (tests and benchmarks); the next check loads it again. */
export async function releaseContentModel(): Promise<void> {
  await releaseModel(slot);
}

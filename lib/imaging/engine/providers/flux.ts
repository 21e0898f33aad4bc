// The Flux (Black Forest Labs) image provider: generation, Kontext edits and Fill object removal
// through the AI SDK, with BFL's moderation, failure and polling deadline turned into domain errors.
import "server-only";
import { createBlackForestLabs } from "@ai-sdk/black-forest-labs";
import { generateImage } from "ai";
import sharp from "sharp";
import { DomainError } from "@/lib/errors";
import { ProcessingTimeoutError } from "@/lib/imaging/errors";
import { keepOriginalPixels } from "@/lib/imaging/expand-canvas";
import { runBflTask, type BflTaskOptions } from "./flux-tasks";
import { throwForPollStatus } from "./flux-status";
import { objectStrength, sendableImage } from "./inputs";
import { callProvider, unreadableResult } from "./provider-call";
import { EXPAND_PROMPT, MASK_FILL_PROMPT, backgroundPrompt, cartoonPrompt } from "@/lib/imaging/presets";
import { FLUX_MAX_EXPAND_SIDE, fluxProfile, type FluxModels } from "@/lib/imaging/provider-profiles";
import type { ImageAsset, ImageProvider, MaskStyle } from "@/lib/imaging/types";

export interface FluxProviderOptions extends FluxModels {
  apiKey: string;
  /** BFL's API root, e.g. https://api.bfl.ai/v1 (the default). */
  baseURL?: string;
  /** Time between two status polls. Default 500 ms. */
  pollIntervalMs?: number;
  /** How long to poll before giving up. Default 60 s. */
  pollTimeoutMs?: number;
  /** Retries after a retryable failure (5xx, 429, network). Default 1. */
  maxRetries?: number;
  /** BFL's moderation level for inputs and outputs, 0 (strictest) to 6; BFL's own default, 2, when unset. */
  safetyTolerance?: number;
}

const DEFAULT_BASE_URL = "https://api.bfl.ai/v1";
const DEFAULT_POLL_INTERVAL_MS = 500;
const DEFAULT_POLL_TIMEOUT_MS = 60_000;
// A retry resubmits the whole task (a new paid generation and a new polling wait), so only one.
const DEFAULT_MAX_RETRIES = 1;
/** BFL's own default moderation level (0 strictest, 6 most permissive), sent explicitly so a request says what it asked for. */
const DEFAULT_SAFETY_TOLERANCE = 2;
/**
 * The SDK counts poll attempts rather than watching the clock, and never gives up on a submit or a
 * download that hangs; this hard cap on top of the poll deadline keeps a stuck connection from
 * holding a job forever.
 */
const SUBMIT_AND_DOWNLOAD_ALLOWANCE_MS = 30_000;

/** BFL caps width and height of the sized models (flux-pro-1.1 and the like) to this range, in steps of 32. */
const MIN_SIDE = 256;
const MAX_SIDE = 1440;
const SIDE_STEP = 32;
/** Kontext and Ultra take an aspect ratio instead of a size, between 21:9 and 9:21. */
const MAX_RATIO = 21 / 9;
const ASPECT_RATIO_MODEL = /ultra|kontext/i;

/** Input formats BFL decodes; anything else is re-encoded as PNG before it is sent. */

type ImagePrompt = Parameters<typeof generateImage>[0]["prompt"];

export function createFluxProvider(options: FluxProviderOptions): ImageProvider {
  const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
  const profile = fluxProfile(options);
  const { generate: generateModel, edit: editModel, removeObject: fillModel, expand: expandModel } = profile.models as Required<typeof profile.models>;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const pollTimeoutMs = options.pollTimeoutMs ?? DEFAULT_POLL_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const safetyTolerance = options.safetyTolerance ?? DEFAULT_SAFETY_TOLERANCE;

  const bfl = createBlackForestLabs({ apiKey: options.apiKey, baseURL, fetch: moderationAwareFetch });
  const tasks: BflTaskOptions = { apiKey: options.apiKey, baseURL, pollIntervalMs, pollTimeoutMs, maxRetries };

  async function run(
    modelId: string,
    prompt: ImagePrompt,
    signal: AbortSignal | undefined,
    seed: number | undefined,
    sizing: { aspectRatio?: `${number}:${number}`; width?: number; height?: number } = {},
  ): Promise<ImageAsset> {
    return callProvider(
      {
        name: "Flux",
        timeoutMs: pollTimeoutMs + SUBMIT_AND_DOWNLOAD_ALLOWANCE_MS,
        signal,
        aborted: () => new ProcessingTimeoutError(),
        // The SDK's own poll deadline surfaces only as this plain message.
        recognise: (_cause, message) =>
          /timed out/i.test(message)
            ? new ProcessingTimeoutError(`Processing timeout: Flux did not finish within ${Math.round(pollTimeoutMs / 1000)} s.`)
            : undefined,
      },
      async (abortSignal) => {
        const result = await generateImage({
          model: bfl.image(modelId),
          prompt,
          aspectRatio: sizing.aspectRatio,
          seed,
          maxRetries,
          abortSignal,
          providerOptions: {
            blackForestLabs: {
              // PNG keeps edits lossless and lets background removal come back without JPEG artefacts.
              outputFormat: "png",
              safetyTolerance,
              pollIntervalMillis: pollIntervalMs,
              pollTimeoutMillis: pollTimeoutMs,
              ...(sizing.width !== undefined && sizing.height !== undefined ? { width: sizing.width, height: sizing.height } : {}),
            },
          },
        });
        return result.image.uint8Array;
      },
    );
  }

  async function kontext(image: ImageAsset, text: string, seed: number | undefined, signal?: AbortSignal): Promise<ImageAsset> {
    // No aspect ratio: Kontext keeps the input image's proportions when none is given.
    const { buffer } = await sendableImage(image);
    return run(editModel, { images: [buffer], text }, signal, seed);
  }

  return {
    ...profile,

    async generate({ prompt, width, height, seed }, signal) {
      if (ASPECT_RATIO_MODEL.test(generateModel)) return run(generateModel, prompt, signal, seed, { aspectRatio: aspectRatioOf(width, height) });
      return run(generateModel, prompt, signal, seed, fluxSize(width, height));
    },

    edit({ image, prompt, seed }, signal) {
      return kontext(image, prompt, seed, signal);
    },

    removeBackground({ image, background, seed }, signal) {
      return kontext(image, backgroundPrompt(background), seed, signal);
    },

    cartoonize(input, signal) {
      return kontext(input.image, cartoonPrompt(input), input.seed, signal);
    },

    async removeObject({ image, mask, maskStyle, prompt, seed }, signal) {
      const sent = await sendableImage(image);
      const fillMask = await whiteObjectMask(mask, maskStyle, sent.width, sent.height);
      return run(fillModel, { images: [sent.buffer], mask: fillMask, text: prompt?.trim() || MASK_FILL_PROMPT }, signal, seed);
    },

    async expand({ image, margins, prompt, seed }, signal) {
      const sent = await sendableImage(image);
      if (Math.max(margins.top, margins.right, margins.bottom, margins.left) > FLUX_MAX_EXPAND_SIDE) {
        throw new DomainError(400, "expand_too_large", `Flux adds at most ${FLUX_MAX_EXPAND_SIDE} pixels on a side. Choose a smaller frame.`);
      }
      const sample = await runBflTask(
        tasks,
        expandModel,
        {
          image: sent.buffer.toString("base64"),
          ...margins,
          prompt: prompt?.trim() || EXPAND_PROMPT,
          ...(seed !== undefined ? { seed } : {}),
          output_format: "png",
          safety_tolerance: safetyTolerance,
        },
        signal,
      );
      try {
        return await keepOriginalPixels(sample, image, margins);
      } catch {
        throw unreadableResult("Flux");
      }
    },
  };
}

/**
 * The SDK keeps polling on "Request Moderated" until its deadline and rejects "Content Moderated" as a
 * malformed response, and it drops BFL's failure details; reading each status response here lets
 * a moderation stop the job at once with the spec's message, and a failure keep its reason.
 */
const moderationAwareFetch: typeof fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const method = (init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
  if (method !== "GET" || !response.ok || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  // Read from a copy: the SDK reads the answer itself when no moderation or failure stops it here.
  throwForPollStatus(await response.clone().text());
  return response;
};

/**
 * Flux Fill repaints the white area of its mask: a black-on-white painting is inverted, a
 * white-on-black one kept, both stretched to the image (soft brush edges stay grey on purpose, so
 * the fill blends in).
 */
async function whiteObjectMask(mask: ImageAsset, style: MaskStyle, width: number, height: number): Promise<Buffer> {
  const strength = await objectStrength(mask, style, width, height);
  return sharp(strength, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Width and height a sized Flux model accepts, as close to the request's size and shape as allowed. */
function fluxSize(width: number, height: number): { width: number; height: number } {
  let w = Math.max(1, width);
  let h = Math.max(1, height);
  const shrink = Math.min(1, MAX_SIDE / Math.max(w, h));
  w *= shrink;
  h *= shrink;
  const grow = Math.max(1, MIN_SIDE / Math.min(w, h));
  w *= grow;
  h *= grow;
  const snap = (side: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(side / SIDE_STEP) * SIDE_STEP));
  return { width: snap(w), height: snap(h) };
}

/** The request's proportions as "w:h" in lowest terms, kept within the 21:9–9:21 range BFL accepts. */
function aspectRatioOf(width: number, height: number): `${number}:${number}` {
  const ratio = width / height;
  if (!(ratio > 0) || !Number.isFinite(ratio)) return "1:1";
  if (ratio >= MAX_RATIO) return "21:9";
  if (ratio <= 1 / MAX_RATIO) return "9:21";
  const w = Math.round(width);
  const h = Math.round(height);
  const divisor = gcd(w, h);
  return `${w / divisor}:${h / divisor}`;
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

// The OpenAI image provider (GPT Image models) through the AI SDK: generation, edits, masked object
// removal, background and cartoon presets, with OpenAI's refusals and timeouts as domain errors.
import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateImage } from "ai";
import sharp from "sharp";
import { ModerationError, ProcessingTimeoutError } from "@/lib/imaging/errors";
import { objectStrength, sendableImage } from "./inputs";
import { callProvider } from "./provider-call";
import { EXPAND_PROMPT, MASK_FILL_PROMPT, backgroundPrompt, cartoonPrompt } from "@/lib/imaging/presets";
import { keepOriginalPixels } from "@/lib/imaging/expand-canvas";
import { openAIProfile } from "@/lib/imaging/provider-profiles";
import type { ImageAsset, ImageProvider, Margins, MaskStyle } from "@/lib/imaging/types";

export interface OpenAIProviderOptions {
  apiKey: string;
  /** OpenAI's API root, e.g. https://api.openai.com/v1 (the default). */
  baseURL?: string;
  /** Default gpt-image-1.5. */
  model?: string;
  /** Retries after a retryable failure (5xx, 429, network), within timeoutMs. Default 2. */
  maxRetries?: number;
  /** Deadline for one operation, retries included. Default 180 s. */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = "https://api.openai.com/v1";
const DEFAULT_MAX_RETRIES = 2;
// High-quality GPT Image renders regularly take over a minute.
const DEFAULT_TIMEOUT_MS = 180_000;

/** The sizes GPT Image models render; a request gets the one closest to its shape. */
const SIZES = [
  { size: "1024x1024", ratio: 1 },
  { size: "1024x1536", ratio: 1024 / 1536 },
  { size: "1536x1024", ratio: 1536 / 1024 },
] as const;
type OpenAISize = (typeof SIZES)[number]["size"];

/** Input formats the edits endpoint reads; anything else is re-encoded as PNG first. */
const MODERATION_CODES = new Set(["moderation_blocked", "content_policy_violation"]);

type ImagePrompt = Parameters<typeof generateImage>[0]["prompt"];
type OpenAIImageOptions = { background?: "transparent" | "opaque" | "auto"; outputFormat?: "png" | "jpeg" | "webp" };

export function createOpenAIProvider(options: OpenAIProviderOptions): ImageProvider {
  const profile = openAIProfile(options.model);
  const modelId = profile.models.generate!;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // An explicit base URL keeps the SDK from falling back to OPENAI_BASE_URL from the environment.
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseURL ?? DEFAULT_BASE_URL });

  async function run(
    prompt: ImagePrompt,
    signal: AbortSignal | undefined,
    extra: { size?: OpenAISize; openai?: OpenAIImageOptions } = {},
  ): Promise<ImageAsset> {
    return callProvider(
      {
        name: "OpenAI",
        timeoutMs,
        signal,
        aborted: () => new ProcessingTimeoutError(`Processing timeout: OpenAI did not answer within ${Math.round(timeoutMs / 1000)} s.`),
        recognise: (cause, message) =>
          APICallError.isInstance(cause) && isRefusal(cause, message)
            ? new ModerationError(undefined, { by: "openai", reason: openAIError(cause).code ?? "safety_system" })
            : undefined,
        apiReason: (error) => openAIError(error).message,
      },
      async (abortSignal) => {
        const result = await generateImage({
          model: openai.image(modelId),
          prompt,
          size: extra.size,
          maxRetries,
          abortSignal,
          ...(extra.openai ? { providerOptions: { openai: extra.openai } } : {}),
        });
        return result.image.uint8Array;
      },
    );
  }

  async function edit(image: ImageAsset, text: string, signal?: AbortSignal, extra?: { openai?: OpenAIImageOptions }): Promise<ImageAsset> {
    const { buffer } = await sendableImage(image);
    return run({ images: [buffer], text }, signal, extra);
  }

  return {
    ...profile,

    generate({ prompt, width, height }, signal) {
      return run(prompt, signal, { size: nearestSize(width, height) });
    },

    edit({ image, prompt }, signal) {
      return edit(image, prompt, signal);
    },

    removeBackground({ image, background }, signal) {
      // Only GPT Image can return real transparency, so "none" asks for it rather than a painted backdrop.
      const transparent = "preset" in background && background.preset === "none";
      return edit(image, backgroundPrompt(background), signal, transparent ? { openai: { background: "transparent", outputFormat: "png" } } : undefined);
    },

    cartoonize(input, signal) {
      return edit(input.image, cartoonPrompt(input), signal);
    },

    async removeObject({ image, mask, maskStyle, prompt }, signal) {
      // The mask must match the image it is applied to in size and format, so both go as PNG.
      const sent = await sendableImage(image, true);
      const alphaMask = await transparentObjectMask(mask, maskStyle, sent.width, sent.height);
      return run({ images: [sent.buffer], mask: alphaMask, text: prompt?.trim() || MASK_FILL_PROMPT }, signal);
    },

    async expand({ image, margins, prompt }, signal) {
      const frame = await transparentFrame(image, margins);
      const result = await run({ images: [frame.image], mask: frame.mask, text: prompt?.trim() || EXPAND_PROMPT }, signal, {
        size: nearestSize(frame.width, frame.height),
        openai: { outputFormat: "png" },
      });
      return keepOriginalPixels(result.buffer, image, margins);
    },
  };
}

/** The largest side GPT Image models render; a larger frame is sent reduced and stretched back after. */
const MAX_SENT_SIDE = 1536;

/**
 * The picture placed in its new frame with transparent margins, and the matching mask (alpha 0 where
 * the model is to draw, 255 over the picture), both at the same size, as the edits endpoint requires.
 */
async function transparentFrame(image: ImageAsset, margins: Margins): Promise<{ image: Buffer; mask: Buffer; width: number; height: number }> {
  const width = image.width + margins.left + margins.right;
  const height = image.height + margins.top + margins.bottom;
  const scale = Math.min(1, MAX_SENT_SIDE / Math.max(width, height));
  const sentWidth = Math.max(1, Math.round(width * scale));
  const sentHeight = Math.max(1, Math.round(height * scale));
  const placed = {
    left: Math.round(margins.left * scale),
    top: Math.round(margins.top * scale),
    width: Math.max(1, Math.min(sentWidth, Math.round(image.width * scale))),
    height: Math.max(1, Math.min(sentHeight, Math.round(image.height * scale))),
  };
  placed.left = Math.min(placed.left, sentWidth - placed.width);
  placed.top = Math.min(placed.top, sentHeight - placed.height);
  const transparent = { width: sentWidth, height: sentHeight, channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } };
  const picture = await sharp(image.buffer, { animated: false }).rotate().resize(placed.width, placed.height, { fit: "fill" }).ensureAlpha().png().toBuffer();
  const framed = await sharp({ create: transparent })
    .composite([{ input: picture, left: placed.left, top: placed.top }])
    .png()
    .toBuffer();
  const keep = await sharp({ create: { width: placed.width, height: placed.height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
  const mask = await sharp({ create: transparent })
    .composite([{ input: keep, left: placed.left, top: placed.top }])
    .png()
    .toBuffer();
  return { image: framed, mask, width, height };
}

/** The supported size whose shape is closest to the request's (compared on a log scale, so 2:1 and 1:2 weigh the same). */
function nearestSize(width: number, height: number): OpenAISize {
  const ratio = width > 0 && height > 0 ? width / height : 1;
  let best: OpenAISize = "1024x1024";
  let bestDistance = Infinity;
  for (const candidate of SIZES) {
    const distance = Math.abs(Math.log(ratio / candidate.ratio));
    if (distance < bestDistance) {
      best = candidate.size;
      bestDistance = distance;
    }
  }
  return best;
}

/** Whether OpenAI refused the request on content grounds (its safety system), not for a fault. */
function isRefusal(error: APICallError, message: string): boolean {
  const { code, message: apiMessage } = openAIError(error);
  return error.statusCode === 400 && ((code !== undefined && MODERATION_CODES.has(code)) || /safety system/i.test(apiMessage ?? message));
}

/** OpenAI's `{ error: { code, message } }`, from what the SDK parsed or else from the raw body. */
function openAIError(error: APICallError): { code?: string; message?: string } {
  let data: unknown = error.data;
  if (data === undefined && error.responseBody) {
    try {
      data = JSON.parse(error.responseBody);
    } catch {
      data = undefined;
    }
  }
  if (typeof data !== "object" || data === null || !("error" in data)) return {};
  const inner = data.error;
  if (typeof inner !== "object" || inner === null) return {};
  const record = inner as Record<string, unknown>;
  return {
    code: typeof record.code === "string" ? record.code : undefined,
    message: typeof record.message === "string" ? record.message : undefined,
  };
}

/**
 * OpenAI edits only where the mask is fully transparent: the painted object becomes alpha 0 and
 * everything else alpha 255, at the image's size. The threshold is hard so that what is edited is
 * exactly what was painted, not a guess at half-transparent brush edges.
 */
async function transparentObjectMask(mask: ImageAsset, style: MaskStyle, width: number, height: number): Promise<Buffer> {
  const strength = await objectStrength(mask, style, width, height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let pixel = 0; pixel < strength.length; pixel++) rgba[pixel * 4 + 3] = strength[pixel]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

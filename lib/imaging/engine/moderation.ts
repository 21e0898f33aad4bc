// The content check a worker makes before any image work when an OpenAI key is set: the prompt and each
// input image go to OpenAI's moderation endpoint (`POST /v1/moderations`, omni-moderation-latest, free),
// and a flagged one ends the operation as a refusal before any provider sees it. Local-engine work is
// checked too: the call is free and quick, and the offline engine has no safety filter of its own.
// The check fails open: when the endpoint cannot answer, the work goes on (the providers still apply
// their own filters) and the miss is logged for whoever runs the site.
import "server-only";
import sharp from "sharp";
import { env } from "@/lib/env";
import { ModerationError } from "@/lib/imaging/errors";
import type { ImageAsset } from "@/lib/imaging/types";
import { logger } from "@/lib/observability/log";
import { decodeBmp } from "@/lib/imaging/bmp";
import { deadlineSignal, isAbortError } from "./providers/provider-call";

const log = logger("moderation");

export const MODERATION_MODEL = "omni-moderation-latest";
const DEFAULT_BASE_URL = "https://api.openai.com/v1";
const TIMEOUT_MS = 15_000;
/** Images are scored as well at this size as at full size, and a smaller upload is quicker (the limit is 20 MB). */
const IMAGE_SIDE = 1024;

type ModerationInput = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

interface ModerationResult {
  flagged: boolean;
  categories: Record<string, boolean>;
  category_scores: Record<string, number>;
}

/** Whether this server checks content before image work: only with an OpenAI key. */
export function moderationEnabled(): boolean {
  return env().OPENAI_API_KEY !== undefined;
}

/**
 * Checks the prompt and each input image, one image a request (the prompt rides with the first);
 * throws a ModerationError naming the flagged categories with every score when one is flagged.
 */
export async function assertContentAllowed(prompt: string, images: ImageAsset[], signal: AbortSignal): Promise<void> {
  if (!moderationEnabled()) return;
  const text: ModerationInput[] = prompt.trim() ? [{ type: "text", text: prompt.trim() }] : [];
  const requests: ModerationInput[][] = images.length === 0 ? [text] : [];
  for (const [index, image] of images.entries()) requests.push([...(index === 0 ? text : []), { type: "image_url", image_url: { url: await dataUrl(image) } }]);
  for (const input of requests) {
    if (input.length === 0) continue;
    const result = await moderate(input, signal);
    if (result?.flagged) {
      const categories = Object.keys(result.categories).filter((name) => result.categories[name]);
      throw new ModerationError(`Request moderated: the content safety check flagged this request (${categories.join(", ") || "unsafe content"}).`, {
        by: "openai-moderation",
        categories,
        scores: result.category_scores,
      });
    }
  }
}

/** The endpoint's verdict on one input, or undefined when it could not give one (the check fails open). */
async function moderate(input: ModerationInput[], signal: AbortSignal): Promise<ModerationResult | undefined> {
  const settings = env();
  const baseURL = (settings.OPENAI_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/$/, "");
  try {
    const response = await fetch(`${baseURL}/moderations`, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.OPENAI_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODERATION_MODEL, input }),
      signal: deadlineSignal(TIMEOUT_MS, signal),
    });
    if (!response.ok) {
      log.warn({ status: response.status, body: (await response.text()).slice(0, 300) }, "moderation check unavailable; going on without it");
      return undefined;
    }
    const body = (await response.json()) as { results?: ModerationResult[] };
    const result = body.results?.[0];
    if (!result || typeof result.flagged !== "boolean") {
      log.warn("moderation check answered without a result; going on without it");
      return undefined;
    }
    return result;
  } catch (error) {
    // The operation's own cancel or deadline stops the job; the check's timeout alone does not.
    if (signal.aborted) throw error;
    log.warn({ err: isAbortError(error) ? "timeout" : error }, "moderation check unavailable; going on without it");
    return undefined;
  }
}

/** A PNG data URL of the image, upright and at most IMAGE_SIDE on a side. */
async function dataUrl(image: ImageAsset): Promise<string> {
  // sharp reads every upload format but BMP, which has its own decoder.
  const bitmap = image.contentType === "image/bmp" ? decodeBmp(image.buffer) : undefined;
  const source = bitmap ? sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } }) : sharp(image.buffer, { animated: false });
  const png = await source.rotate().resize(IMAGE_SIDE, IMAGE_SIDE, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

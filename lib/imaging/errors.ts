// Why image work failed, as errors the route wrapper turns into statuses. Their messages carry the
// words the browser maps to the spec's §8 texts: "moderated"/"safety", "timeout", "failed".
import { DomainError, LocalizedError } from "@/lib/errors";
import { PROMPT_REFUSED_MESSAGES } from "@/lib/moderation/refusal-message";

/**
 * Who refused content and on what grounds, kept on the failed operation (its `moderation` column):
 * our own check before the call ("openai-moderation", with the flagged categories and every score),
 * a provider refusing on its own safety grounds ("flux" with BFL's status, "openai" with its code), or
 * the workers' image check ("image-check", lib/moderation/image.ts, with the refused image's scores).
 */
export interface ModerationVerdict {
  by: "openai-moderation" | "flux" | "openai" | "image-check";
  /** The provider's own word for the refusal: BFL's task status, OpenAI's error code. */
  reason?: string;
  categories?: string[];
  scores?: Record<string, number>;
  /** Anything else the refusal said, e.g. BFL's moderation details. */
  details?: unknown;
}

export class ModerationError extends DomainError {
  constructor(
    message = "Request moderated: the provider's safety filter blocked this content.",
    readonly verdict?: ModerationVerdict,
  ) {
    super(422, "moderated", message);
  }
}

/**
 * The workers' image check refused an input or the result (MODERATION=block): 422 with the spec's
 * safety message in the caller's language. The operation is refunded like every failure.
 */
export class ContentRefusedError extends LocalizedError {
  constructor(
    readonly verdict: ModerationVerdict,
    /** Every score the check took before it refused, kept on the operation (Operation.contentScores). */
    readonly contentScores?: object,
  ) {
    super(422, "content_refused", PROMPT_REFUSED_MESSAGES);
  }
}

export class ProcessingTimeoutError extends DomainError {
  constructor(message = "Processing timeout: the image service did not finish in time.") {
    super(504, "timeout", message);
  }
}

export class ProviderFailedError extends DomainError {
  constructor(message = "Image processing failed at the image service.") {
    super(502, "processing_failed", message);
  }
}

/** The input is readable but cannot be processed (e.g. a compressed BMP, an unsupported feature). */
export class UnprocessableImageError extends DomainError {
  constructor(message: string) {
    super(400, "invalid_image", message);
  }
}

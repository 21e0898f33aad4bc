// Why image work failed, as errors the route wrapper turns into statuses. Their messages carry the
// words the browser maps to the spec's §8 texts: "moderated"/"safety", "timeout", "failed".
import { DomainError } from "@/lib/errors";

/**
 * Who refused content and on what grounds, kept on the failed operation (its `moderation` column):
 * our own check before the call ("openai-moderation", with the flagged categories and every score),
 * or a provider refusing on its own safety grounds ("flux" with BFL's status, "openai" with its code).
 */
export interface ModerationVerdict {
  by: "openai-moderation" | "flux" | "openai";
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

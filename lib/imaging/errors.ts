// Why image work failed, as errors the route wrapper turns into statuses. Their messages carry the
// words the browser maps to the spec's §8 texts: "moderated"/"safety", "timeout", "failed".
import { DomainError } from "@/lib/errors";

export class ModerationError extends DomainError {
  constructor(message = "Request moderated: the provider's safety filter blocked this content.") {
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

// Which sentence a failed image call shows (spec §8), decided from its status, error code and
// message. Pure, so the editor, the tools and their tests share one mapping.
/** "refused": our own safety refusal (a prompt, or an image the workers' check refused), always the spec's safety message. */
export type ProcessingErrorKind =
  "authentication" | "insufficient_credits" | "guest_too_many_pixels" | "timeout" | "refused" | "moderated" | "failed" | "message";

export interface ProcessingFailure {
  status: number;
  code?: string;
  message?: string;
}

export interface ProcessingErrorView {
  kind: ProcessingErrorKind;
  /** The server's own words, for "message" and "insufficient_credits". */
  text?: string;
}

export function classifyProcessingError(failure: ProcessingFailure): ProcessingErrorView {
  const haystack = `${failure.code ?? ""} ${failure.message ?? ""}`.toLowerCase();
  if (failure.status === 401 || haystack.includes("unauthorized")) return { kind: "authentication" };
  if (failure.status === 402) return { kind: "insufficient_credits", text: failure.message };
  if (failure.code === "guest_image_too_many_pixels") return { kind: "guest_too_many_pixels" };
  if (haystack.includes("timeout") || haystack.includes("timed out")) return { kind: "timeout" };
  // Our own refusals may come in the caller's language, so their codes say what they are.
  if (failure.code === "content_refused" || failure.code === "prompt_refused") return { kind: "refused" };
  if (haystack.includes("moderated") || haystack.includes("safety") || haystack.includes("nsfw")) return { kind: "moderated" };
  if (haystack.includes("failed") || failure.status >= 500) return { kind: "failed" };
  return failure.message ? { kind: "message", text: failure.message } : { kind: "failed" };
}

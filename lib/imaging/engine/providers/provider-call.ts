// One call to an AI provider's image model, the same way for every provider: a deadline joined to the
// caller's abort signal, the AI SDK's errors (retries given up, aborts, API answers) turned into the
// engine's domain errors, and the returned bytes checked to be a readable image. Each provider says
// only what differs: its name, its deadline, and how it recognises its own refusals and messages.
import "server-only";
import { APICallError, RetryError } from "ai";
import { DomainError } from "@/lib/errors";
import { assetFromEncoded } from "@/lib/imaging/asset";
import { ProviderFailedError } from "@/lib/imaging/errors";
import type { ImageAsset } from "@/lib/imaging/types";
import { recordProviderCall, type ProviderOutcome } from "@/lib/observability/metrics";
import { inSpan, SpanKind } from "@/lib/observability/tracing";

export interface ProviderCallOptions {
  /** The provider's name as people read it in an error ("Flux", "OpenAI"). */
  name: string;
  /** Deadline for the whole call, the SDK's retries and polling included. */
  timeoutMs: number;
  /** The caller's signal: a cancelled job stops the call. */
  signal?: AbortSignal;
  /** The error for a call cut off by the deadline or by the caller. */
  aborted: () => DomainError;
  /** The provider's own reading of a failure (a refusal, a deadline the SDK reports in words), or undefined. */
  recognise?: (cause: unknown, message: string) => DomainError | undefined;
  /** The reason to show for an API error, when the provider's answer says it better than the SDK's message. */
  apiReason?: (error: APICallError) => string | undefined;
}

/** The signal that ends a call: the deadline, or the caller's signal when it stops first. */
export function deadlineSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** Whether an error is an abort: the caller's cancellation or a timeout signal firing. */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("name" in error)) return false;
  return error.name === "AbortError" || error.name === "TimeoutError";
}

/**
 * Runs `request` (an AI SDK image call that returns the encoded image) under the call's deadline and
 * answers the image, or throws a domain error a person can read.
 */
export function callProvider(options: ProviderCallOptions, request: (abortSignal: AbortSignal) => Promise<Uint8Array>): Promise<ImageAsset> {
  // One client span for the whole call: its submit, polls and download, retries included.
  return inSpan(`${options.name} call`, { kind: SpanKind.CLIENT, attributes: { "pictura.provider": options.name } }, () => timedCall(options, request));
}

async function timedCall(options: ProviderCallOptions, request: (abortSignal: AbortSignal) => Promise<Uint8Array>): Promise<ImageAsset> {
  const startedAt = performance.now();
  const count = (outcome: ProviderOutcome) => recordProviderCall(options.name, outcome, (performance.now() - startedAt) / 1000);
  let bytes: Uint8Array;
  try {
    bytes = await request(deadlineSignal(options.timeoutMs, options.signal));
  } catch (error) {
    const failure = providerError(error, options);
    count(failure.code === "moderated" ? "moderated" : failure.code === "timeout" ? "timeout" : "failed");
    throw failure;
  }
  try {
    const asset = await assetFromEncoded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    count("ok");
    return asset;
  } catch {
    count("failed");
    throw unreadableResult(options.name);
  }
}

/** The error for a provider's answer that does not decode as an image. */
export function unreadableResult(name: string): ProviderFailedError {
  return new ProviderFailedError(`Image processing failed: ${name} returned a result that is not a readable image.`);
}

function providerError(error: unknown, options: ProviderCallOptions): DomainError {
  // After its retries the SDK throws a RetryError; what went wrong is the last attempt's error.
  const cause = RetryError.isInstance(error) && error.lastError !== undefined ? error.lastError : error;
  if (cause instanceof DomainError) return cause;
  if (isAbortError(cause)) return options.aborted();
  const message = cause instanceof Error ? cause.message : String(cause);
  const recognised = options.recognise?.(cause, message);
  if (recognised) return recognised;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode !== undefined ? ` (HTTP ${cause.statusCode})` : "";
    return new ProviderFailedError(`Image processing failed at ${options.name}${status}: ${options.apiReason?.(cause) ?? message}`);
  }
  return new ProviderFailedError(`Image processing failed at ${options.name}: ${message}`);
}

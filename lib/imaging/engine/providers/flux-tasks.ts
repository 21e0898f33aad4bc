// BFL's task protocol for the endpoints the AI SDK does not cover (expand): `POST /v1/{endpoint}` with
// the x-key header and a JSON body answers `{ id, polling_url }`; the polling URL is read until the
// task is Ready, with its `result.sample` URL then downloaded. Statuses, refusals and the deadline
// become the same domain errors as the SDK's calls.
import "server-only";
import { DomainError } from "@/lib/errors";
import { ProcessingTimeoutError, ProviderFailedError } from "@/lib/imaging/errors";
import { throwForPollStatus } from "./flux-status";
import { deadlineSignal, isAbortError } from "./provider-call";

export interface BflTaskOptions {
  apiKey: string;
  baseURL: string;
  pollIntervalMs: number;
  pollTimeoutMs: number;
  /** Resubmits after a 429 or 5xx on submit. */
  maxRetries: number;
}

/** Time for the submit and the download on top of the polling deadline. */
const TRANSFER_ALLOWANCE_MS = 30_000;

export async function runBflTask(options: BflTaskOptions, endpoint: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Buffer> {
  const abortSignal = deadlineSignal(options.pollTimeoutMs + TRANSFER_ALLOWANCE_MS, signal);
  try {
    const { pollingUrl } = await submit(options, endpoint, body, abortSignal);
    const sampleUrl = await poll(options, pollingUrl, abortSignal);
    const download = await fetch(sampleUrl, { signal: abortSignal });
    if (!download.ok) throw new ProviderFailedError(`Image processing failed at Flux: its result could not be downloaded (HTTP ${download.status}).`);
    return Buffer.from(await download.arrayBuffer());
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isAbortError(error)) {
      signal?.throwIfAborted();
      throw new ProcessingTimeoutError(`Processing timeout: Flux did not finish within ${Math.round(options.pollTimeoutMs / 1000)} s.`);
    }
    throw new ProviderFailedError(`Image processing failed at Flux: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function submit(options: BflTaskOptions, endpoint: string, body: Record<string, unknown>, signal: AbortSignal): Promise<{ pollingUrl: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${options.baseURL.replace(/\/$/, "")}/${endpoint}`, {
      method: "POST",
      headers: { "x-key": options.apiKey, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    if (response.ok) {
      const answer = parseJson(text);
      const pollingUrl = typeof answer?.polling_url === "string" ? answer.polling_url : null;
      if (!pollingUrl) throw new ProviderFailedError("Image processing failed at Flux: the task was not accepted.");
      return { pollingUrl };
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < options.maxRetries) continue;
    throw new ProviderFailedError(`Image processing failed at Flux (HTTP ${response.status}): ${describe(parseJson(text)?.detail) ?? text.slice(0, 200)}`);
  }
}

async function poll(options: BflTaskOptions, pollingUrl: string, signal: AbortSignal): Promise<string> {
  const giveUpAt = Date.now() + options.pollTimeoutMs;
  for (;;) {
    const response = await fetch(pollingUrl, { headers: { "x-key": options.apiKey, accept: "application/json" }, signal });
    const text = await response.text();
    if (!response.ok) throw new ProviderFailedError(`Image processing failed at Flux (HTTP ${response.status} while waiting for the result).`);
    throwForPollStatus(text);
    const answer = parseJson(text);
    const result = answer?.result as { sample?: unknown } | null | undefined;
    if (answer?.status === "Ready" && typeof result?.sample === "string") return result.sample;
    if (Date.now() + options.pollIntervalMs > giveUpAt) {
      throw new ProcessingTimeoutError(`Processing timeout: Flux did not finish within ${Math.round(options.pollTimeoutMs / 1000)} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs));
    signal.throwIfAborted();
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function describe(detail: unknown): string | undefined {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) =>
        typeof item === "object" && item !== null && typeof (item as { msg?: unknown }).msg === "string" ? (item as { msg: string }).msg : JSON.stringify(item),
      )
      .join("; ");
  }
  return undefined;
}

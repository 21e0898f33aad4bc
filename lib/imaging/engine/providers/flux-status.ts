// BFL's task statuses as domain errors: a moderated task stops at once with the spec's message, a
// failed one keeps its reason. Read by the AI SDK's fetch hook and by our own task client.
import "server-only";
import { ModerationError, ProviderFailedError } from "@/lib/imaging/errors";

const MODERATED_STATUSES = new Set(["Content Moderated", "Request Moderated"]);
const FAILED_STATUSES = new Set(["Error", "Failed", "Task not found"]);

export function throwForPollStatus(text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof body !== "object" || body === null) return;
  const record = body as Record<string, unknown>;
  const status = typeof record.status === "string" ? record.status : typeof record.state === "string" ? record.state : undefined;
  if (status === undefined) return;
  if (MODERATED_STATUSES.has(status))
    throw new ModerationError(undefined, { by: "flux", reason: status, ...(record.details !== undefined ? { details: record.details } : {}) });
  if (FAILED_STATUSES.has(status)) {
    const detail = describeDetails(record.details) ?? describeDetails(record.result);
    throw new ProviderFailedError(`Image processing failed at Flux (${status})${detail ? `: ${detail}` : "."}`);
  }
}

function describeDetails(details: unknown): string | undefined {
  if (typeof details === "string") return details.trim() || undefined;
  if (typeof details !== "object" || details === null) return undefined;
  const record = details as Record<string, unknown>;
  for (const key of ["error", "message", "detail"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  const json = JSON.stringify(details);
  return json === "{}" ? undefined : json;
}

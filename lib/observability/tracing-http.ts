// Client spans for the HTTP calls a worker makes with fetch (an image provider's submit, polls and
// download; the blob store's reads and writes), from the events Node's own HTTP client (undici)
// publishes on diagnostics channels: no module is patched. Only calls made inside a traced piece of
// work get one, so a call outside any job starts no trace of its own. The query string is left out:
// a provider's result links and the blob store's addresses carry signatures in it. In the web server
// Next records its fetch calls itself, so only the workers subscribe (tracing-sdk.ts).
import { subscribe } from "node:diagnostics_channel";
import { context, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";

interface UndiciRequest {
  method: string;
  origin: string;
  path: string;
}

interface UndiciMessage {
  request: UndiciRequest;
  response?: { statusCode: number };
  error?: unknown;
}

const spans = new WeakMap<UndiciRequest, Span>();

function started({ request }: UndiciMessage): void {
  if (!trace.getSpan(context.active())) return;
  const origin = new URL(request.origin);
  const span = trace.getTracer("pictura").startSpan(request.method, {
    kind: SpanKind.CLIENT,
    attributes: {
      "http.request.method": request.method,
      "server.address": origin.hostname,
      "server.port": Number(origin.port) || (origin.protocol === "https:" ? 443 : 80),
      "url.path": request.path.split("?")[0]!,
    },
  });
  spans.set(request, span);
}

function answered({ request, response }: UndiciMessage): void {
  const span = spans.get(request);
  if (!span || !response) return;
  span.setAttribute("http.response.status_code", response.statusCode);
  if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
}

function ended({ request, error }: UndiciMessage): void {
  const span = spans.get(request);
  if (!span) return;
  spans.delete(request);
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** Gives each fetch call made inside a span a client span of its own, from its start to its body's end. */
export function traceFetchCalls(): void {
  subscribe("undici:request:create", (message) => started(message as UndiciMessage));
  subscribe("undici:request:headers", (message) => answered(message as UndiciMessage));
  subscribe("undici:request:trailers", (message) => ended(message as UndiciMessage));
  subscribe("undici:request:error", (message) => ended(message as UndiciMessage));
}

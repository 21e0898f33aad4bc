// Traces (OpenTelemetry): with OTEL_EXPORTER_OTLP_ENDPOINT set, the web server (instrumentation.ts)
// and each worker process (scripts/worker.ts) start the SDK and push their spans over OTLP/HTTP, as
// pictura-web and pictura-worker. Unset, the SDK is never loaded: the spans below go to the API's
// no-op tracer, which costs a function call. One trace follows an image request from its route (Next's
// own span) through the charge and enqueue, the queue job (pg-boss carries the trace in the job), the
// model run and the provider's HTTP calls; Stripe calls and webhook deliveries have spans of their own.
// No "server-only": scripts/worker.ts loads it before anything else.
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";
import { environment } from "../settings/source";

/** The standard OTEL_* variables, as the process has them (the SDK reads the rest itself). */
export type Variables = Readonly<Record<string, string | undefined>>;

export type TracedService = "pictura-web" | "pictura-worker";

export interface Tracing {
  /** Sends the spans still buffered now, instead of with the next batch. */
  flush(): Promise<void>;
  /** Sends the spans still buffered and stops; a stopping process calls it last. */
  shutdown(): Promise<void>;
}

/** Whether traces are pushed anywhere: the standard OTLP endpoint variables, all or traces only. */
export function tracingConfigured(variables: Variables = environment()): boolean {
  return Boolean(variables.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || variables.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** Starts the SDK for this process when an endpoint is set; null (and nothing loaded) otherwise. */
export async function startTracing(service: TracedService): Promise<Tracing | null> {
  if (!tracingConfigured()) return null;
  const { startTracingSdk } = await import("./tracing-sdk");
  return startTracingSdk(service);
}

/**
 * Sends the spans this process still buffers, waiting at most `limitMs`; nothing when no SDK runs. It
 * asks the provider registered with OpenTelemetry's API, which is one per process: the web server's
 * SDK is started by instrumentation.ts inside Next's bundle, and server.ts, outside it, flushes it.
 */
export async function flushTracing(limitMs = 2_000): Promise<void> {
  const registered = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const provider = (registered.getDelegate?.() ?? registered) as { forceFlush?: () => Promise<void> };
  if (typeof provider.forceFlush !== "function") return;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([provider.forceFlush().catch(() => undefined), limit]);
  clearTimeout(timer);
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/**
 * Runs `work` in a span that is the active one while it runs (so spans started inside, and log lines,
 * belong to it), marked failed when `work` throws.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return trace.getTracer("pictura").startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

export interface FinishedSpan extends SpanOptions {
  startTime: number;
  endTime: number;
  failed: boolean;
}

/**
 * A span for a call a client library reports once it is answered (Stripe's), as a child of the span
 * that is active where the report arrives: the request or job that made the call.
 */
export function recordFinishedSpan(name: string, finished: FinishedSpan): void {
  const span = trace.getTracer("pictura").startSpan(name, {
    kind: finished.kind ?? SpanKind.CLIENT,
    attributes: finished.attributes ?? {},
    startTime: finished.startTime,
  });
  if (finished.failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(finished.endTime);
}

export { SpanKind };

// The OpenTelemetry SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (tracing.ts). Spans are
// batched and pushed over OTLP/HTTP to the endpoint's /v1/traces, as protobuf or JSON by the standard
// OTEL_EXPORTER_OTLP_PROTOCOL (protobuf unless it says http/json); the exporters read the endpoint,
// headers and timeouts from the standard variables themselves. The W3C trace context propagator is
// registered too: pg-boss uses it to carry a request's trace into the job it sends.
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import { environment } from "../settings/source";
import type { TracedService, Tracing, Variables } from "./tracing";
import { traceFetchCalls } from "./tracing-http";

export type TracesProtocol = "http/protobuf" | "http/json";

/** The protocol the standard variables ask for, the traces-only one first; the OTLP default is protobuf. */
export function tracesProtocol(variables: Variables = environment()): TracesProtocol {
  const asked = (variables.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || variables.OTEL_EXPORTER_OTLP_PROTOCOL || "").trim();
  return asked === "http/json" ? "http/json" : "http/protobuf";
}

/** Starts the SDK; `exporter` replaces the OTLP one where it cannot run (Jest's sandbox has no dynamic import). */
export function startTracingSdk(service: TracedService, exporter: SpanExporter = otlpExporter()): Tracing {
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME renames the service (two deployments side by side), as the specification says.
    resource: resourceFromAttributes({ "service.name": environment().OTEL_SERVICE_NAME?.trim() || service }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  // Next records the web server's fetch calls itself.
  if (service === "pictura-worker") traceFetchCalls();
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

function otlpExporter(): SpanExporter {
  return tracesProtocol() === "http/json" ? new JsonTraceExporter() : new ProtobufTraceExporter();
}

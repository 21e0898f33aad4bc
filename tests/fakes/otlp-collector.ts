// A fake OpenTelemetry collector on 127.0.0.1: it takes OTLP/HTTP trace exports (POST /v1/traces, in
// http/protobuf or http/json as OTEL_EXPORTER_OTLP_PROTOCOL selects) and keeps every span with the
// service that sent it, for a test to follow a trace's parent links. Anything else gets a 404, a body
// in another encoding a 415, as a real collector would answer. The exporters' own package only
// encodes protobuf, so the few fields read here are decoded by hand (otlp-protobuf.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";
import { decodeTraceExport } from "./otlp-protobuf";

export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  kind: number;
}

interface JsonAttribute {
  key: string;
  value?: { stringValue?: string };
}

interface JsonExport {
  resourceSpans?: {
    resource?: { attributes?: JsonAttribute[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind?: number }[] }[];
  }[];
}

export class FakeOtlpCollector {
  readonly spans: CollectedSpan[] = [];
  /** The content types of the exports received, in order. */
  readonly contentTypes: string[] = [];
  private server: Server | null = null;

  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to; the exporters add /v1/traces. */
  get endpoint(): string {
    return loopbackOrigin(this.server, "OTLP collector");
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        response.statusCode = 400;
        response.end();
      });
    });
    await listenOnLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeServer(server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || request.url !== "/v1/traces") {
      response.statusCode = 404;
      return void response.end();
    }
    const type = request.headers["content-type"] ?? "";
    this.contentTypes.push(type);
    const body = Buffer.concat(chunks);
    if (type.startsWith("application/x-protobuf")) {
      this.spans.push(...decodeTraceExport(body));
      response.setHeader("content-type", "application/x-protobuf");
      return void response.end();
    }
    if (!type.startsWith("application/json")) {
      response.statusCode = 415;
      return void response.end();
    }
    this.record(JSON.parse(body.toString("utf8")) as JsonExport);
    response.setHeader("content-type", "application/json");
    response.end("{}");
  }

  private record(body: JsonExport): void {
    for (const resource of body.resourceSpans ?? []) {
      const service = resource.resource?.attributes?.find((attribute) => attribute.key === "service.name")?.value?.stringValue ?? "";
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? "",
            name: span.name,
            kind: span.kind ?? 0,
          });
    }
  }

  /** The span's ancestors, nearest first, as far as the collected spans go. */
  ancestorsOf(span: CollectedSpan): CollectedSpan[] {
    const chain: CollectedSpan[] = [];
    let current = span;
    for (;;) {
      const parent = this.spans.find((candidate) => candidate.traceId === current.traceId && candidate.spanId === current.parentSpanId);
      if (!parent) return chain;
      chain.push(parent);
      current = parent;
    }
  }
}

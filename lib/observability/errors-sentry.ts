// Sends error reports to Sentry (or anything that speaks its envelope protocol), loaded only once
// SENTRY_DSN is set (errors.ts). Sentry's own core (@sentry/core) builds the events, parses stacks,
// writes envelopes and honours the server's rate limits; it is used without @sentry/node, which would
// install its own OpenTelemetry set-up and patch Node's modules for tracing we do not ask it for.
// No personal data leaves: no user, no request headers, cookies or addresses (sendDefaultPii off, and
// none is ever put on a scope), and every event is scrubbed like a log line (e-mail addresses masked,
// tokens and keys removed) before it is sent. No "server-only": server.ts and the scripts report too.
import { createStackParser, createTransport, Scope, type ErrorEvent, type TransportMakeRequestResponse } from "@sentry/core";
import { nodeStackLineParser, ServerRuntimeClient } from "@sentry/core/server";
import { scrubSecrets } from "./log-redact";

export interface ErrorReport {
  /** Where it happened: "GET /api/…", "worker", a script's name. */
  where: string;
  requestId?: string;
  operationId?: string;
  traceId?: string;
}

export interface ErrorReporter {
  report(error: unknown, report: ErrorReport): void;
  /** Waits up to `timeoutMs` for reports on their way; false when some were still unsent. */
  flush(timeoutMs: number): Promise<boolean>;
}

const SEND_TIMEOUT_MS = 10_000;

async function post(url: string, body: string | Uint8Array): Promise<TransportMakeRequestResponse> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-sentry-envelope" },
    body: typeof body === "string" ? body : Buffer.from(body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return {
    statusCode: response.status,
    headers: { "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"), "retry-after": response.headers.get("retry-after") },
  };
}

/** The event without anything that could name a person. */
export function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  const scrubbed = JSON.parse(scrubSecrets(JSON.stringify(event))) as ErrorEvent;
  delete scrubbed.user;
  delete scrubbed.request;
  delete scrubbed.breadcrumbs;
  return scrubbed;
}

export function sentryReporter(dsn: string, environment: string): ErrorReporter {
  const client = new ServerRuntimeClient({
    dsn,
    environment,
    platform: "node",
    runtime: { name: "node", version: process.version },
    sendDefaultPii: false,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (options) => createTransport(options, (request) => post(options.url, request.body)),
    beforeSend: (event) => withoutPersonalData(event),
  });
  client.init();
  return {
    report(error, report) {
      const scope = new Scope();
      scope.setTag("where", report.where);
      if (report.requestId) scope.setTag("request_id", report.requestId);
      if (report.operationId) scope.setTag("operation_id", report.operationId);
      if (report.traceId) scope.setTag("trace_id", report.traceId);
      client.captureException(error, undefined, scope);
    },
    flush: async (timeoutMs) => client.flush(timeoutMs),
  };
}

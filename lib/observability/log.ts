// The one logger of the web server, the workers and the scripts: pino, writing one JSON object a line
// to standard output (readable lines under npm run dev, LOG_FORMAT), at LOG_LEVEL (info unless set).
// Every line says which request it belongs to (requestId, also the X-Request-Id answer header) or
// which job (operationId), and the trace it is part of when one is being recorded (traceId, spanId).
// No line holds a secret or a whole e-mail address (log-redact.ts).
// Modules take a named child: `const log = logger("worker")`, then `log.error({ err }, "sweep failed")`.
// No "server-only": server.ts and the scripts run without React's server conditions.
import { isSpanContextValid, trace } from "@opentelemetry/api";
import pino, { stdSerializers, type Logger } from "pino";
import { observabilitySettings, observabilitySettingsOf, type LogLevel } from "../settings/observability";
import { environment } from "../settings/source";
import { formatReadable } from "./log-format";
import { redactSecretFields, scrubSecrets } from "./log-redact";
import { currentLogContext } from "./request-context";

export type { Logger };

/** Where finished lines go: standard output, or what a test captures them with. */
export type LogSink = (line: string) => void;

/** Shared by every copy of this module (Next bundles its own): a capture sees every line of the process. */
const SINK = Symbol.for("pictura.observability.logSink");

function standardOutput(): LogSink {
  if (observabilitySettings().logFormat === "json") return (line) => process.stdout.write(line);
  const colors = process.stdout.isTTY === true;
  return (line) => process.stdout.write(formatReadable(line, colors));
}

function sink(): LogSink {
  const holder = globalThis as Record<symbol, LogSink | undefined>;
  return holder[SINK] ?? standardOutput();
}

/**
 * For tests: sends every line to `capture` instead of standard output, logged from `level` up (info
 * unless said); null puts both back. Production code never calls it.
 */
export function writeLogsTo(capture: LogSink | null, level: LogLevel = "info"): void {
  const holder = globalThis as Record<symbol, LogSink | undefined>;
  holder[SINK] = capture ?? undefined;
  root.level = capture ? level : configuredLevel;
}

/** The trace and span the calling code runs in, when one is recorded (OpenTelemetry's API is a no-op until a tracer is set up). */
export function currentTraceIds(): { traceId: string; spanId: string } | null {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : null;
}

/** What every line says about where it comes from; fields given to the call itself win. */
function contextFields(): Record<string, string> {
  const context = currentLogContext();
  return {
    ...(context?.requestId ? { requestId: context.requestId } : {}),
    ...(context?.operationId ? { operationId: context.operationId } : {}),
    ...currentTraceIds(),
  };
}

function createLogger(): Logger {
  return pino(
    {
      level: configuredLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names, not numbers: what log collectors and people read.
      formatters: { level: (label) => ({ level: label }), log: (fields) => redactSecretFields(fields) as Record<string, unknown> },
      mixin: contextFields,
      // Errors are already plain objects, redacted (formatters.log): pino's own serializer would
      // take each for an Error again and call it an "Object".
      serializers: { err: (value: unknown) => (value instanceof Error ? stdSerializers.err(value) : value) },
    },
    { write: (line: string) => sink()(scrubSecrets(line)) },
  );
}

// Read without caching: server.ts sets NODE_ENV, which decides the format, after this module loads.
const configuredLevel = observabilitySettingsOf(environment()).logLevel;
const root = createLogger();

/** The logger of one part of the app; its lines say `component`. */
export function logger(component: string): Logger {
  return root.child({ component });
}

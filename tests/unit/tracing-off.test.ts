// Traces cost nothing when no collector is configured: with OTEL_EXPORTER_OTLP_ENDPOINT unset the
// OpenTelemetry SDK is never loaded, and spans go to the API's no-op tracer, which records nothing.
// With it set, the SDK is loaded, sending in the protocol the standard variable names; a value the
// exporters cannot use stops the process with its name.
import { trace, type TracerProvider } from "@opentelemetry/api";

const mockSdkLoaded = jest.fn();
const mockFlushed = jest.fn();
jest.mock("@/lib/observability/tracing-sdk", () => {
  mockSdkLoaded();
  return { startTracingSdk: () => ({ flush: () => Promise.resolve(), shutdown: () => Promise.resolve() }) };
});

const OTEL_VARIABLES = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_EXPORTER_OTLP_PROTOCOL",
  "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
];
const saved = { ...process.env };

beforeEach(() => {
  jest.resetModules();
  mockSdkLoaded.mockClear();
  mockFlushed.mockClear();
  for (const name of OTEL_VARIABLES) delete process.env[name];
});

afterAll(() => {
  process.env = saved;
});

it("loads no SDK and records no span when no endpoint is set", async () => {
  const { inSpan, startTracing } = await import("@/lib/observability/tracing");
  await expect(startTracing("pictura-web")).resolves.toBeNull();
  await expect(startTracing("pictura-worker")).resolves.toBeNull();
  expect(mockSdkLoaded).not.toHaveBeenCalled();
  const recording = await inSpan("charge and enqueue", {}, (span) => Promise.resolve(span.isRecording()));
  expect(recording).toBe(false);
  expect(trace.getActiveSpan()).toBeUndefined();
});

it("loads the SDK once an endpoint is set, for all signals or traces only", async () => {
  const { startTracing } = await import("@/lib/observability/tracing");
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:4318";
  await expect(startTracing("pictura-web")).resolves.not.toBeNull();
  expect(mockSdkLoaded).toHaveBeenCalledTimes(1);

  jest.resetModules();
  mockSdkLoaded.mockClear();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = "http://127.0.0.1:4318/v1/traces";
  const again = await import("@/lib/observability/tracing");
  await expect(again.startTracing("pictura-worker")).resolves.not.toBeNull();
  expect(mockSdkLoaded).toHaveBeenCalledTimes(1);
});

it("sends the buffered spans when the server stops, only where an SDK runs, and never waits past its limit", async () => {
  const { flushTracing } = await import("@/lib/observability/tracing");
  await flushTracing();
  expect(mockFlushed).not.toHaveBeenCalled();
  // What the SDK registers with the API, process-wide (here a stand-in that counts its flushes).
  let flush = () => {
    mockFlushed();
    return Promise.resolve();
  };
  trace.setGlobalTracerProvider({ getTracer: () => trace.getTracer("none"), forceFlush: () => flush() } as TracerProvider);
  try {
    await flushTracing();
    expect(mockFlushed).toHaveBeenCalledTimes(1);
    flush = () => new Promise(() => undefined);
    const begun = Date.now();
    await flushTracing(50);
    expect(Date.now() - begun).toBeLessThan(1_000);
  } finally {
    trace.disable();
  }
});

it("sends protobuf unless the standard variables ask for JSON, the traces-only one first", () => {
  const { tracesProtocol } = jest.requireActual<typeof import("@/lib/observability/tracing-sdk")>("@/lib/observability/tracing-sdk");
  expect(tracesProtocol({})).toBe("http/protobuf");
  expect(tracesProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe("http/json");
  expect(tracesProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" })).toBe("http/protobuf");
  expect(tracesProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" })).toBe("http/protobuf");
});

it("stops the process with the variable's name for an endpoint or protocol the exporters cannot use", async () => {
  const { setSettings } = await import("../setup/settings");
  const { env } = await import("@/lib/env");
  setSettings({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
  expect(() => env()).toThrow("OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json");
  setSettings({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" });
  expect(() => env()).toThrow("OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) address");
  setSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SERVICE_NAME: "pictura-web-eu" });
  expect(env()).toMatchObject({
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "pictura-web-eu",
  });
});

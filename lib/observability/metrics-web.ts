// The web server's metrics (server.ts): with METRICS_PORT set, a registry with the process's figures,
// the queues' and every figure route code records, served on METRICS_HOST:METRICS_PORT, and each
// request timed under its route pattern. Unset, nothing is loaded or served and requests go straight
// through: prom-client is imported here on demand, never at start.
import type { IncomingMessage, ServerResponse } from "node:http";
import { metricsSettings } from "../settings/metrics";
import { installMetricsRecorder } from "./metrics";

type Handler<Result> = (request: IncomingMessage, response: ServerResponse) => Result;

export interface WebMetrics {
  /** The handler, timed per request when metrics are on; the same handler when they are off. */
  measure<Result>(handle: Handler<Result>): Handler<Result>;
  /** Where the metrics are served, or null when they are off. */
  url: string | null;
  close(): Promise<void>;
}

const OFF: WebMetrics = { measure: (handle) => handle, url: null, close: async () => undefined };

export interface WebMetricsOptions {
  /** The site's own port: metrics are never served on it. */
  publicPort: number;
  /** Next's build folder, whose routes manifest names the route patterns. */
  distDir: string;
  /** The database whose queues are reported; none, no queue figures. */
  databaseUrl?: string;
}

export async function startWebMetrics(options: WebMetricsOptions): Promise<WebMetrics> {
  const endpoint = metricsSettings().web;
  if (!endpoint) return OFF;
  if (endpoint.port !== 0 && endpoint.port === options.publicPort) {
    throw new Error(`METRICS_PORT must differ from PORT (${options.publicPort}): metrics are never served on the public port`);
  }
  const [{ processRegistry, createRecorder, addQueueGauges }, { loadRoutePatterns, measureRequests }, { serveMetrics }, { queueSampler }] = await Promise.all([
    import("./metrics-registry"),
    import("./metrics-http"),
    import("./metrics-endpoint"),
    import("./metrics-queues"),
  ]);
  const registry = processRegistry();
  const recorder = createRecorder(registry);
  const queues = options.databaseUrl ? queueSampler(options.databaseUrl) : null;
  if (queues) addQueueGauges(registry, queues.sample);
  const patterns = await loadRoutePatterns(options.distDir);
  const served = await serveMetrics(endpoint, async () => ({ contentType: registry.contentType, body: await registry.metrics() }), "the web server");
  installMetricsRecorder(recorder);
  return {
    measure: (handle) => measureRequests(handle, patterns, recorder),
    url: served.url,
    close: async () => {
      installMetricsRecorder(null);
      await served.close();
      await queues?.close();
    },
  };
}

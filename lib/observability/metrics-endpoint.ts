// The /metrics endpoint: a small HTTP server of its own on METRICS_HOST and the metrics port, apart from
// the site's public port, answering GET /metrics in Prometheus's text format and 404 to anything else.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { MetricsEndpoint } from "../settings/metrics";
import { logger } from "./log";

const log = logger("metrics");

export interface MetricsText {
  contentType: string;
  body: string;
}

export interface ServedMetrics {
  /** The address scraped, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * prom-client writes a figure with no value yet as "Nan" (the event-loop lag's mean and percentiles
 * between two samples): it is left out, as a figure not known, rather than given as a number.
 */
function withoutUnknowns(body: string): string {
  return body.includes(" Nan\n") ? body.replace(/^[^#\n][^\n]* Nan\n/gm, "") : body;
}

/** Listens on `endpoint`; fails (and so stops the process starting) when the port cannot be had. */
export function serveMetrics(endpoint: MetricsEndpoint, render: () => Promise<MetricsText>, serving: string): Promise<ServedMetrics> {
  const server = createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?", 1)[0];
    if (pathname !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: metrics are at /metrics\n");
      return;
    }
    render().then(
      (text) => response.writeHead(200, { "Content-Type": text.contentType }).end(request.method === "HEAD" ? undefined : withoutUnknowns(text.body)),
      (error: unknown) => {
        log.error({ err: error }, "metrics could not be gathered");
        response.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be gathered.\n");
      },
    );
  });
  // Prometheus keeps its connection between scrapes (every 15 to 60 s): keep it open past that.
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(endpoint.port, endpoint.host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const host = endpoint.host.includes(":") ? `[${endpoint.host}]` : endpoint.host;
      const url = `http://${host}:${port}/metrics`;
      log.info({ event: "metrics_listening", serving, port, url }, `metrics for ${serving} at ${url}`);
      resolve({
        url,
        close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
      });
    });
  });
}

// Metrics in tests: /metrics scraped and read with a Prometheus text-format parser (prom2javascript),
// and the web server's request pipeline (server.ts: metrics, request ids, trusted forwarding) in front
// of real route handlers, which Next would otherwise route. The route patterns come from a routes
// manifest of a real build (tests/fixtures/next-build), as server.ts reads the one in .next.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { getMetricsFromStream, type PromData, type PromHistogramData, type PromMetrics } from "prom2javascript";
import { withTrustedForwarding } from "@/lib/http/forwarding";
import { withRequestId } from "@/lib/observability/log-requests";
import { routePatternsFrom, UNMATCHED } from "@/lib/observability/metrics-http";
import type { WebMetrics } from "@/lib/observability/metrics-web";
import manifest from "../fixtures/next-build/routes-manifest.json";
import { closeServer, listenOnLoopback, loopbackOrigin } from "../fakes/loopback";

export const NEXT_BUILD = path.join(__dirname, "..", "fixtures", "next-build");

export interface Scrape {
  text: string;
  metrics: PromMetrics;
}

/** GET /metrics, parsed. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  return { text, metrics: await getMetricsFromStream(Readable.from([text])) };
}

const hasLabels = (series: { labels: Record<string, string> }, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => series.labels[name] === value);

/** A counter's or gauge's value, summed over the series with `labels`; 0 when there is none. */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const data = (scraped.metrics[name]?.data ?? []) as PromData[];
  return data.filter((series) => hasLabels(series, labels)).reduce((sum, series) => sum + series.value, 0);
}

/** How many observations a histogram holds in the series with `labels`. */
export function countOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const data = (scraped.metrics[name]?.data ?? []) as PromHistogramData[];
  return data.filter((series) => hasLabels(series, labels)).reduce((sum, series) => sum + series.count, 0);
}

/** Every label value of `label` in a metric's series. */
export function labelValues(scraped: Scrape, name: string, label: string): string[] {
  const data = (scraped.metrics[name]?.data ?? []) as { labels: Record<string, string> }[];
  return [...new Set(data.map((series) => series.labels[label]).filter((value): value is string => value !== undefined))];
}

/** The number of series (sample lines) of the metrics named `prefix…`. */
export function seriesCount(scraped: Scrape, prefix = "pictura_"): number {
  return scraped.text.split("\n").filter((line) => line.startsWith(prefix)).length;
}

/** A route module's handler, whatever parameters its pattern has (they are worked out from the path). */
type RouteHandler = (request: Request, segment: { params: Promise<never> }) => Promise<Response>;

/** Route handlers by "METHOD pattern", e.g. "GET /api/operations/[id]". */
export type Routes = Readonly<Record<string, RouteHandler>>;

const SITE = "http://localhost:3000";
const patterns = routePatternsFrom(manifest);

/** The parameters a pattern takes from a path: [id] one segment, [...rest] the rest. */
function paramsOf(pattern: string, pathname: string): Record<string, string | string[]> {
  const names = pattern.split("/");
  const values = pathname.split("/");
  const params: Record<string, string | string[]> = {};
  names.forEach((name, index) => {
    const rest = /^\[\.\.\.(.+)\]$/.exec(name);
    if (rest) params[rest[1]!] = values.slice(index).map(decodeURIComponent);
    else if (/^\[.+\]$/.test(name)) params[name.slice(1, -1)] = decodeURIComponent(values[index] ?? "");
  });
  return params;
}

async function answer(routes: Routes, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? "/", SITE);
  const pattern = patterns.patternOf(url.pathname);
  const handler = pattern === UNMATCHED ? undefined : routes[`${incoming.method} ${pattern}`];
  if (!handler) {
    outgoing.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) for (const item of [value ?? []].flat()) headers.append(name, item);
  headers.set("host", new URL(SITE).host);
  const body = incoming.method === "GET" || incoming.method === "HEAD" ? undefined : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  const request = new Request(url, { method: incoming.method, headers, body, duplex: "half" } as RequestInit);
  const params = Promise.resolve(paramsOf(pattern, url.pathname)) as Promise<never>;
  const response = await handler(request, { params });
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") outgoing.setHeader(name, value);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

export interface MeasuredPipeline {
  origin: string;
  /** Sends a request as the site's own page would (its Origin on anything but a GET). */
  send(method: string, path: string, options?: { cookie?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** server.ts's wrapping, metrics outermost, around `routes`. */
export async function startMeasuredPipeline(routes: Routes, metrics: WebMetrics): Promise<MeasuredPipeline> {
  const handle = metrics.measure(withRequestId((request: IncomingMessage, response: ServerResponse) => answer(routes, request, response), 0));
  const server: Server = createServer(withTrustedForwarding((request, response) => handle(request, response), 0));
  await listenOnLoopback(server);
  const origin = loopbackOrigin(server, "measured pipeline");
  return {
    origin,
    send: (method, pathname, options = {}) => {
      const headers: Record<string, string> = { ...(method === "GET" ? {} : { origin: SITE }), ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] = "application/json";
      }
      return fetch(`${origin}${pathname}`, { method, headers, body });
    },
    close: () => closeServer(server),
  };
}
